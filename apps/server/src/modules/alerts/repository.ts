/**
 * Data access of the alerts module: the usage alerts decided and mailed. The unique
 * (iccid, kind, bundle_key) lets one caller decide an alert, whatever the number of callbacks,
 * polls or instances; sending its e-mail is a job of the engine (retried until it goes out).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UsageAlertKind, usageAlerts } from '../../db/schema';

export type AlertRow = typeof usageAlerts.$inferSelect;

export interface NewAlert {
  iccid: string;
  clientId: number;
  kind: UsageAlertKind;
  bundleKey: string;
}

/** The new alert, or undefined when someone decided this alert before. */
export async function insertAlert(
  db: Db,
  alert: NewAlert,
  now: Date,
): Promise<AlertRow | undefined> {
  const [row] = await db
    .insert(usageAlerts)
    .values({ ...alert, claimedAt: now })
    .onConflictDoNothing({
      target: [usageAlerts.iccid, usageAlerts.kind, usageAlerts.bundleKey],
    })
    .returning();
  return row;
}

/** Whether this alert was decided already for the bundle (mailed or on its way). */
export async function alertDecided(db: Db, alert: Omit<NewAlert, 'clientId'>): Promise<boolean> {
  const rows = await db
    .select({ id: usageAlerts.id })
    .from(usageAlerts)
    .where(
      and(
        eq(usageAlerts.iccid, alert.iccid),
        eq(usageAlerts.kind, alert.kind),
        eq(usageAlerts.bundleKey, alert.bundleKey),
      ),
    );
  return rows.length > 0;
}

export async function findAlert(db: Db, id: number): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(usageAlerts).where(eq(usageAlerts.id, id));
  return row;
}

export async function markAlertMailed(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(usageAlerts)
    .set({ mailedAt: now })
    .where(and(eq(usageAlerts.id, id), isNull(usageAlerts.mailedAt)));
}

/** The alerts decided for a client's eSIMs, newest first. */
export function listClientAlerts(db: Db, clientId: number): Promise<AlertRow[]> {
  return db
    .select()
    .from(usageAlerts)
    .where(eq(usageAlerts.clientId, clientId))
    .orderBy(desc(usageAlerts.claimedAt), desc(usageAlerts.id));
}
