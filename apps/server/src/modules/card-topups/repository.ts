/**
 * The card top-ups' rows (db/schema/card-topups.ts): one-tap top-ups' 3-D Secure pages,
 * automatic top-ups, their runs, and the stop links of their e-mails. Functions take a
 * database or a transaction.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  autoTopupRuns,
  autoTopupStopLinks,
  autoTopups,
  cardPaymentChallenges,
} from '../../db/schema';

export type AutoTopupRow = typeof autoTopups.$inferSelect;
export type AutoTopupRunRow = typeof autoTopupRuns.$inferSelect;
export type StopLinkRow = typeof autoTopupStopLinks.$inferSelect;

export async function insertChallenge(
  db: Db,
  orderId: number,
  redirectHtml: string,
  now: Date,
): Promise<void> {
  await db
    .insert(cardPaymentChallenges)
    .values({ orderId, redirectHtml, createdAt: now })
    .onConflictDoNothing();
}

export async function findChallenge(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(cardPaymentChallenges)
    .where(eq(cardPaymentChallenges.orderId, orderId));
  return row;
}

export async function findAutoTopup(db: Db, iccid: string): Promise<AutoTopupRow | undefined> {
  const [row] = await db.select().from(autoTopups).where(eq(autoTopups.iccid, iccid));
  return row;
}

/** The eSIM's automatic top-up under a row lock: one decision at a time, on every instance. */
export async function lockAutoTopup(tx: Db, iccid: string): Promise<AutoTopupRow | undefined> {
  const [row] = await tx.select().from(autoTopups).where(eq(autoTopups.iccid, iccid)).for('update');
  return row;
}

/** Turns it on, or changes it (a new agreement replaces the old one). */
export async function upsertAutoTopup(db: Db, row: AutoTopupRow): Promise<void> {
  const { iccid, createdAt: _created, ...changes } = row;
  await db
    .insert(autoTopups)
    .values(row)
    .onConflictDoUpdate({ target: autoTopups.iccid, set: changes });
}

/** Stops it; false when it was not on. */
export async function deleteAutoTopup(db: Db, iccid: string, clientId: number): Promise<boolean> {
  const gone = await db
    .delete(autoTopups)
    .where(and(eq(autoTopups.iccid, iccid), eq(autoTopups.clientId, clientId)))
    .returning({ iccid: autoTopups.iccid });
  return gone.length > 0;
}

export async function runOfBundle(
  db: Db,
  iccid: string,
  bundleKey: string,
): Promise<AutoTopupRunRow | undefined> {
  const [row] = await db
    .select()
    .from(autoTopupRuns)
    .where(and(eq(autoTopupRuns.iccid, iccid), eq(autoTopupRuns.bundleKey, bundleKey)));
  return row;
}

export async function countRunsInMonth(db: Db, iccid: string, month: string): Promise<number> {
  const [row] = await db
    .select({ runs: count() })
    .from(autoTopupRuns)
    .where(and(eq(autoTopupRuns.iccid, iccid), eq(autoTopupRuns.month, month)));
  return row?.runs ?? 0;
}

/** Records the bundle's run; undefined when the bundle had one already. */
export async function insertRun(
  db: Db,
  row: Omit<AutoTopupRunRow, 'id' | 'mailedAt'>,
): Promise<AutoTopupRunRow | undefined> {
  const [inserted] = await db.insert(autoTopupRuns).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findRunOfOrder(
  db: Db,
  orderId: number,
): Promise<AutoTopupRunRow | undefined> {
  const [row] = await db.select().from(autoTopupRuns).where(eq(autoTopupRuns.orderId, orderId));
  return row;
}

/** Marks the run's e-mail sent; false when another worker sent it first. */
export async function markRunMailed(db: Db, runId: number, at: Date): Promise<boolean> {
  const marked = await db
    .update(autoTopupRuns)
    .set({ mailedAt: at })
    .where(and(eq(autoTopupRuns.id, runId), isNull(autoTopupRuns.mailedAt)))
    .returning({ id: autoTopupRuns.id });
  return marked.length > 0;
}

export async function insertStopLink(db: Db, row: Omit<StopLinkRow, 'usedAt'>): Promise<void> {
  await db.insert(autoTopupStopLinks).values(row);
}

/** The link under a row lock, so two clicks at once use it once. */
export async function lockStopLink(tx: Db, tokenHash: string): Promise<StopLinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(autoTopupStopLinks)
    .where(eq(autoTopupStopLinks.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markStopLinkUsed(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(autoTopupStopLinks)
    .set({ usedAt: at })
    .where(eq(autoTopupStopLinks.tokenHash, tokenHash));
}
