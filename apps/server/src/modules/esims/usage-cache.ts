/**
 * Keeps each eSIM's latest usage reading for a short while, in this instance's memory. The
 * provider's figures lag real use by minutes anyway, so reopening the usage dialog need not
 * ask it again; concurrent asks for one eSIM share a single provider call.
 */
import type { Clock } from '../../lib/clock';

export interface Reading<T> {
  value: T;
  /** When the provider answered. */
  readAt: Date;
}

export interface ReadingCacheOptions {
  /** 0 turns caching off (concurrent asks still share one call). */
  ttlMs: number;
  clock: Clock;
  /** Bounds the memory used; the oldest readings go first. */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

export function createReadingCache<T>({
  ttlMs,
  clock,
  maxEntries = DEFAULT_MAX_ENTRIES,
}: ReadingCacheOptions) {
  const readings = new Map<string, Reading<T>>();
  const pending = new Map<string, Promise<Reading<T>>>();

  const fresh = (reading: Reading<T>) => clock().getTime() - reading.readAt.getTime() < ttlMs;

  function remember(key: string, reading: Reading<T>): void {
    readings.delete(key);
    if (readings.size >= maxEntries) {
      const oldest = readings.keys().next();
      if (!oldest.done) readings.delete(oldest.value);
    }
    readings.set(key, reading);
  }

  /** The cached reading of `key` while fresh, else a new one from `load` (failures are not kept). */
  function read(key: string, load: () => Promise<T>): Promise<Reading<T>> {
    const cached = readings.get(key);
    if (cached && fresh(cached)) return Promise.resolve(cached);
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const loading = load()
      .then((value) => {
        const reading = { value, readAt: clock() };
        if (ttlMs > 0) remember(key, reading);
        return reading;
      })
      .finally(() => pending.delete(key));
    pending.set(key, loading);
    return loading;
  }

  return { read };
}
