/**
 * The simulator's clock: real time plus an offset kept in the database, so tests can move time
 * forward and every app instance on the same database agrees on what time it is.
 */
import type { Db } from '../../db/client';
import type { ClockState } from './protocol';
import { addClockOffset, findSettings } from './settings-repository';

export async function simulatedNow(db: Db): Promise<Date> {
  return (await readClock(db)).now;
}

export async function readClock(db: Db): Promise<{ now: Date; offsetMs: number }> {
  const offsetMs = (await findSettings(db))?.clockOffsetMs ?? 0;
  return { now: new Date(Date.now() + offsetMs), offsetMs };
}

export async function advanceClock(db: Db, milliseconds: number): Promise<ClockState> {
  const offsetMs = (await addClockOffset(db, milliseconds))?.clockOffsetMs ?? milliseconds;
  return toClockState({ now: new Date(Date.now() + offsetMs), offsetMs });
}

export function toClockState(clock: { now: Date; offsetMs: number }): ClockState {
  return { now: clock.now.toISOString(), offsetMs: clock.offsetMs };
}
