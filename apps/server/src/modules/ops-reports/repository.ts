/**
 * The ops-reports module's own table: the outside calls of each hour by service, summed over
 * every instance. Rows or nothing; the call tally decides when to write.
 */
import { gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outsideCallHours } from '../../db/schema';

export interface CallHourCounts {
  service: string;
  hour: Date;
  ok: number;
  failed: number;
}

/** Adds the counts to their hours' rows, making the rows that do not exist yet. */
export async function addCallCounts(db: Db, counts: readonly CallHourCounts[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insert(outsideCallHours)
    .values([...counts])
    .onConflictDoUpdate({
      target: [outsideCallHours.service, outsideCallHours.hour],
      set: {
        ok: sql`${outsideCallHours.ok} + excluded.ok`,
        failed: sql`${outsideCallHours.failed} + excluded.failed`,
      },
    });
}

export function listCallHours(db: Db, since: Date): Promise<CallHourCounts[]> {
  return db
    .select({
      service: outsideCallHours.service,
      hour: outsideCallHours.hour,
      ok: outsideCallHours.ok,
      failed: outsideCallHours.failed,
    })
    .from(outsideCallHours)
    .where(gte(outsideCallHours.hour, since));
}

/** Deletes the hours before `before`: nothing reads them any more. */
export async function pruneCallHours(db: Db, before: Date): Promise<void> {
  await db.delete(outsideCallHours).where(lt(outsideCallHours.hour, before));
}
