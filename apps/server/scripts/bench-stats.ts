/** What the bench scripts report alike: medians, and how busy the machine was. */
import { availableParallelism, loadavg } from 'node:os';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Other work on the machine skews every figure; say how busy it was. */
export function machineLoad(): string {
  return `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
}

/**
 * Runs a bench script's `main`, failing it when it is not done within `timeLimitMs` (a bench
 * that hangs must not hold a CI run or a terminal) or when it throws.
 */
export function runWithinLimit(name: string, timeLimitMs: number, main: () => Promise<void>): void {
  const limit = setTimeout(() => {
    console.error(`${name} did not finish within ${timeLimitMs / 1000} s`);
    process.exit(1);
  }, timeLimitMs);
  limit.unref();
  main().catch((error: unknown) => {
    console.error(error);
    // Exits at once: a failed bench may leave servers open that would keep the process alive.
    process.exit(1);
  });
}

/** The test card the gateway stand-in approves without a challenge. */
const APPROVING_CARD = '5123450000000008';

/** Pays on the gateway stand-in's hosted page as a buyer would; its answer redirects back. */
export function payOnHostedPage(
  sandboxesUrl: string,
  sessionId: string,
  nameOnCard: string,
): Promise<Response> {
  return fetch(`${sandboxesUrl}/_sandbox/gateway/pay/${sessionId}`, {
    method: 'POST',
    body: new URLSearchParams({
      action: 'pay',
      cardNumber: APPROVING_CARD,
      expiry: '12/49',
      cvc: '123',
      nameOnCard,
    }),
    redirect: 'manual',
  });
}
