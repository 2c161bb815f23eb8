/**
 * The usage alert poll in the background: every interval it reads the bundles of recently
 * bought eSIMs and mails what a lost callback (or the coming expiry) calls for. Every instance
 * may run one; the alerts' claims keep them from mailing twice. Timing, overlap and stopping
 * as lib/background-rounds.ts says.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type BackgroundRounds, repeatInBackground } from '../../lib/background-rounds';
import type { AlertsService } from './service';

export type AlertPoller = BackgroundRounds;

export function startAlertPoller(
  alerts: Pick<AlertsService, 'poll'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): AlertPoller {
  return repeatInBackground(
    intervalMs,
    async () => log.debug(await alerts.poll(), 'usage alert poll done'),
    (error) => log.error({ err: error }, 'usage alert poll failed'),
  );
}
