/**
 * The usage alert poll in the background: every interval it reads the bundles of recently
 * bought eSIMs and mails what a lost callback (or the coming expiry) calls for. Every instance
 * may run one; the alerts' claims keep them from mailing twice. Its timer never keeps the
 * process alive, and stopping it waits for the round in progress.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AlertsService } from './service';

export interface AlertPoller {
  stop(): Promise<void>;
}

export function startAlertPoller(
  alerts: Pick<AlertsService, 'poll'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): AlertPoller {
  let round: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    // A slow round (a provider timing out) is not overlapped by the next one.
    if (stopped || round) return;
    round = alerts
      .poll()
      .then((report) => log.debug(report, 'usage alert poll done'))
      .catch((error: unknown) => log.error({ err: error }, 'usage alert poll failed'))
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
