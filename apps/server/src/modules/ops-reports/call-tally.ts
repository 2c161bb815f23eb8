/**
 * The outside calls of this instance, counted by service and hour in memory as they end and
 * added to the shared hourly rows a few seconds later, in one statement: a call never waits
 * for the database, and a write that fails keeps its counts for the next one (the call it
 * counts has long succeeded or failed on its own).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { CallHourCounts } from './repository';

export const HOUR_MS = 3_600_000;
/** How long counts wait in memory before they are written: one write per few seconds of calls. */
const WRITE_AFTER_MS = 5_000;
/**
 * How long the hourly rows are kept: the health section charts the last 24 hours; a month
 * leaves room to look back at an incident, and the table stays small (services x hours).
 */
export const KEEP_HOURS_MS = 31 * 24 * HOUR_MS;

/** Where the hourly rows live: the database (repository.ts) in the app. */
export interface CallHourStore {
  add(counts: readonly CallHourCounts[]): Promise<void>;
  since(since: Date): Promise<CallHourCounts[]>;
  /** Deletes the hours before `before`. */
  prune(before: Date): Promise<void>;
}

export interface CallTallyDependencies {
  store: CallHourStore;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export type CallTally = ReturnType<typeof createCallTally>;

export function createCallTally({ store, clock, log }: CallTallyDependencies) {
  let pending = new Map<string, CallHourCounts>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** The hour whose old rows this instance last pruned: once an hour is enough. */
  let prunedAt: number | undefined;

  function add(counts: CallHourCounts): void {
    const key = `${counts.service}@${counts.hour.getTime()}`;
    const kept = pending.get(key);
    if (kept) {
      kept.ok += counts.ok;
      kept.failed += counts.failed;
    } else {
      pending.set(key, { ...counts });
    }
  }

  async function writePending(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const taken = [...pending.values()];
    pending = new Map();
    try {
      await store.add(taken);
    } catch (error) {
      for (const counts of taken) add(counts);
      scheduleWrite();
      log.warn(
        { err: error },
        'the hourly outside-call counts could not be written; kept for later',
      );
      return;
    }
    await pruneHourly();
  }

  /**
   * Drops rows older than KEEP_HOURS_MS, at most once an hour per instance; a failure waits for
   * the next hour (the counts were written, and must not be added again).
   */
  async function pruneHourly(): Promise<void> {
    const hour = Math.floor(clock().getTime() / HOUR_MS);
    if (prunedAt === hour) return;
    prunedAt = hour;
    try {
      await store.prune(new Date(hour * HOUR_MS - KEEP_HOURS_MS));
    } catch (error) {
      log.warn({ err: error }, 'old hourly outside-call counts could not be pruned');
    }
  }

  function scheduleWrite(): void {
    if (timer) return;
    timer = setTimeout(() => void flush(), WRITE_AFTER_MS);
    timer.unref();
  }

  /** Writes what this instance has counted, after any write under way. */
  function flush(): Promise<void> {
    writing = writing.then(writePending);
    return writing;
  }

  return {
    /** One call ended: `ok` or how it failed (the metrics' outcome label). Synchronous, cheap. */
    count(service: string, outcome: string): void {
      const hour = new Date(Math.floor(clock().getTime() / HOUR_MS) * HOUR_MS);
      const ok = outcome === 'ok';
      add({ service, hour, ok: ok ? 1 : 0, failed: ok ? 0 : 1 });
      scheduleWrite();
    },
    flush,
    /** Every instance's counts from `since` on, this one's written first. */
    async since(since: Date): Promise<CallHourCounts[]> {
      await flush();
      return store.since(since);
    },
  };
}
