/**
 * The simulator's single settings row: clock offset and fault switch. Writes are single
 * statements, so concurrent provider calls on several instances count faults down exactly.
 */
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { esimGoSandboxSettings as settings } from '../../db/schema/esimgo-sandbox';
import type { FaultMode } from './protocol';

const SETTINGS_ID = 1;

const settingsColumns = {
  clockOffsetMs: settings.clockOffsetMs,
  faultMode: settings.faultMode,
  faultRemaining: settings.faultRemaining,
  retryAfterSeconds: settings.retryAfterSeconds,
};

export type SettingsRow = {
  clockOffsetMs: number;
  faultMode: FaultMode;
  faultRemaining: number | null;
  retryAfterSeconds: number;
};

/** The row; undefined until the clock or the fault switch was first touched. */
export async function findSettings(db: Db): Promise<SettingsRow | undefined> {
  const [row] = await db.select(settingsColumns).from(settings).where(eq(settings.id, SETTINGS_ID));
  return row;
}

export async function addClockOffset(
  db: Db,
  milliseconds: number,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .insert(settings)
    .values({ id: SETTINGS_ID, clockOffsetMs: milliseconds })
    .onConflictDoUpdate({
      target: settings.id,
      set: { clockOffsetMs: sql`${settings.clockOffsetMs} + ${milliseconds}` },
    })
    .returning(settingsColumns);
  return row;
}

export interface FaultSetting {
  faultMode: FaultMode;
  faultRemaining: number | null;
  retryAfterSeconds: number;
}

export async function saveFault(db: Db, fault: FaultSetting): Promise<SettingsRow | undefined> {
  const [row] = await db
    .insert(settings)
    .values({ id: SETTINGS_ID, ...fault })
    .onConflictDoUpdate({ target: settings.id, set: fault })
    .returning(settingsColumns);
  return row;
}

/** Uses up one call of the fault in force; undefined when no fault applies to this call. */
export async function takeFault(
  db: Db,
): Promise<{ faultMode: FaultMode; retryAfterSeconds: number } | undefined> {
  const [row] = await db
    .update(settings)
    .set({ faultRemaining: sql`${settings.faultRemaining} - 1` })
    .where(
      and(
        eq(settings.id, SETTINGS_ID),
        ne(settings.faultMode, 'none'),
        or(isNull(settings.faultRemaining), gt(settings.faultRemaining, 0)),
      ),
    )
    .returning({ faultMode: settings.faultMode, retryAfterSeconds: settings.retryAfterSeconds });
  return row;
}

export async function resetSettings(db: Db): Promise<void> {
  await db.delete(settings).where(eq(settings.id, SETTINGS_ID));
}
