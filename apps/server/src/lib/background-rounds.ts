/**
 * Work repeated in the background on a timer (the order worker, the usage alert poll): a slow
 * round (a provider timing out) is never overlapped by the next one, a failed round is logged
 * and the next one runs as usual, the timer never keeps the process alive, and stopping waits
 * for the round in progress.
 */
export interface BackgroundRounds {
  stop(): Promise<void>;
}

export function repeatInBackground(
  intervalMs: number,
  runRound: () => Promise<void>,
  onFailure: (error: unknown) => void,
): BackgroundRounds {
  let round: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || round) return;
    round = runRound()
      .catch(onFailure)
      .finally(() => {
        round = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
