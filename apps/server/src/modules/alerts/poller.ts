/**
 * The usage alert poll in the background: the poll is a periodic job (alerts/service.ts), so
 * every instance may look for it often and one at a time runs it each interval. Timing,
 * overlap and stopping as lib/background-rounds.ts says.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type BackgroundRounds, repeatInBackground } from '../../lib/background-rounds';
import type { AlertsService } from './service';

export type AlertPoller = BackgroundRounds;

// Looked for more often than it runs, so a round is not missed by a hair.
const LOOKS_PER_INTERVAL = 4;

export function startAlertPoller(
  alerts: Pick<AlertsService, 'runDuePoll'>,
  intervalMs: number,
  log: FastifyBaseLogger,
): AlertPoller {
  return repeatInBackground(
    intervalMs / LOOKS_PER_INTERVAL,
    () => alerts.runDuePoll(),
    (error) => log.error({ err: error }, 'usage alert poll failed'),
  );
}
