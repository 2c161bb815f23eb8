/**
 * Data access of the alerts module: the usage alerts claimed and mailed. The unique
 * (iccid, kind, bundle_key) lets one caller claim an alert, whatever the number of callbacks,
 * polls or instances; a claim left unmailed is taken over once its lease has run out.
 */
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UsageAlertKind, usageAlerts } from '../../db/schema';

export interface AlertRow {
  id: number;
  iccid: string;
  clientId: number;
  kind: UsageAlertKind;
  bundleKey: string;
  claimedAt: Date;
  mailedAt: Date | null;
  attempts: number;
}

const alertColumns = {
  id: usageAlerts.id,
  iccid: usageAlerts.iccid,
  clientId: usageAlerts.clientId,
  kind: usageAlerts.kind,
  bundleKey: usageAlerts.bundleKey,
  claimedAt: usageAlerts.claimedAt,
  mailedAt: usageAlerts.mailedAt,
  attempts: usageAlerts.attempts,
};

export interface NewAlert {
  iccid: string;
  clientId: number;
  kind: UsageAlertKind;
  bundleKey: string;
}

/** The new claim, or undefined when someone claimed this alert before. */
export async function insertAlertClaim(
  db: Db,
  alert: NewAlert,
  now: Date,
): Promise<AlertRow | undefined> {
  const [row] = await db
    .insert(usageAlerts)
    .values({ ...alert, claimedAt: now, attempts: 1 })
    .onConflictDoNothing({
      target: [usageAlerts.iccid, usageAlerts.kind, usageAlerts.bundleKey],
    })
    .returning(alertColumns);
  return row;
}

export async function markAlertMailed(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(usageAlerts)
    .set({ mailedAt: now })
    .where(and(eq(usageAlerts.id, id), isNull(usageAlerts.mailedAt)));
}

/**
 * Takes over one unmailed claim whose lease ran out (claimed before `leaseEnd`), not older than
 * `notBefore` and tried fewer than `maxAttempts` times: its lease starts again now. SKIP LOCKED
 * and the conditional update leave a claim another instance is taking over to that instance.
 */
export async function takeOverStaleClaim(
  db: Db,
  limits: { leaseEnd: Date; notBefore: Date; maxAttempts: number },
  now: Date,
): Promise<AlertRow | undefined> {
  return db.transaction(async (tx) => {
    const [stale] = await tx
      .select({ id: usageAlerts.id })
      .from(usageAlerts)
      .where(
        and(
          isNull(usageAlerts.mailedAt),
          lt(usageAlerts.claimedAt, limits.leaseEnd),
          gt(usageAlerts.claimedAt, limits.notBefore),
          lt(usageAlerts.attempts, limits.maxAttempts),
        ),
      )
      .orderBy(asc(usageAlerts.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!stale) return undefined;
    const [row] = await tx
      .update(usageAlerts)
      .set({ claimedAt: now, attempts: sql`${usageAlerts.attempts} + 1` })
      .where(eq(usageAlerts.id, stale.id))
      .returning(alertColumns);
    return row;
  });
}
