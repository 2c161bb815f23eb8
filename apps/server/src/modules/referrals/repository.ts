/**
 * The referrals' tables. A friend is referred once (unique friend), a referral is decided once
 * (the outcome is written only while it is null), and deciding runs under a lock on the
 * referrer's code row, so two friends' payments captured at once count against the monthly
 * limit one after the other.
 */
import { and, count, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientDevices, clients, orderCards, referralCodes, referrals } from '../../db/schema';

export async function findCodeOf(db: Db, clientId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.clientId, clientId));
  return row?.code;
}

/** Gives the account a code unless it has one or the code is taken; false when not written. */
export async function insertCode(db: Db, clientId: number, code: string, at: Date) {
  const inserted = await db
    .insert(referralCodes)
    .values({ clientId, code, createdAt: at })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return inserted.length === 1;
}

export async function findReferrerByCode(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ clientId: referralCodes.clientId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.clientId;
}

export async function insertReferral(
  db: Db,
  referral: { referrerClientId: number; friendClientId: number; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(referrals)
    .values(referral)
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length === 1;
}

export type ReferralRow = typeof referrals.$inferSelect;

export async function undecidedReferralOf(
  db: Db,
  friendClientId: number,
): Promise<ReferralRow | undefined> {
  const [row] = await db
    .select()
    .from(referrals)
    .where(and(eq(referrals.friendClientId, friendClientId), isNull(referrals.outcome)));
  return row;
}

/** Holds the referrer's code row to the end of `tx`: one decision at a time per referrer. */
export async function lockReferrer(tx: Db, referrerClientId: number): Promise<void> {
  await tx
    .select({ clientId: referralCodes.clientId })
    .from(referralCodes)
    .where(eq(referralCodes.clientId, referrerClientId))
    .for('update');
}

/** Writes the outcome if none is written yet; false when another decision came first. */
export async function decide(
  tx: Db,
  referralId: number,
  decision: { outcome: string; orderId: number; decidedAt: Date },
): Promise<boolean> {
  const changed = await tx
    .update(referrals)
    .set(decision)
    .where(and(eq(referrals.id, referralId), isNull(referrals.outcome)))
    .returning({ id: referrals.id });
  return changed.length === 1;
}

export async function countRewardedSince(tx: Db, referrerClientId: number, since: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerClientId, referrerClientId),
        eq(referrals.outcome, 'rewarded'),
        gte(referrals.decidedAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function referralCounts(db: Db, referrerClientId: number) {
  const rows = await db
    .select({ outcome: referrals.outcome, n: count() })
    .from(referrals)
    .where(eq(referrals.referrerClientId, referrerClientId))
    .groupBy(referrals.outcome);
  const of = (outcome: string | null) => rows.find((row) => row.outcome === outcome)?.n ?? 0;
  return { rewarded: of('rewarded'), pending: of(null) };
}

export async function emailsOf(db: Db, clientIds: number[]): Promise<string[]> {
  const rows = await db
    .select({ email: clients.email })
    .from(clients)
    .where(inArray(clients.id, clientIds));
  return rows.map((row) => row.email);
}

export async function recordDevice(db: Db, clientId: number, deviceHash: string, at: Date) {
  await db
    .insert(clientDevices)
    .values({ clientId, deviceHash, firstSeenAt: at })
    .onConflictDoNothing();
}

/** Whether the two accounts ever used one device. */
export async function shareADevice(db: Db, one: number, other: number): Promise<boolean> {
  const devices = db
    .select({ deviceHash: clientDevices.deviceHash })
    .from(clientDevices)
    .where(eq(clientDevices.clientId, one));
  const [row] = await db
    .select({ n: count() })
    .from(clientDevices)
    .where(and(eq(clientDevices.clientId, other), inArray(clientDevices.deviceHash, devices)));
  return (row?.n ?? 0) > 0;
}

export async function recordOrderCard(
  db: Db,
  card: { orderId: number; clientId: number; cardHash: string; recordedAt: Date },
) {
  await db.insert(orderCards).values(card).onConflictDoNothing();
}

/** Whether the account paid an order with the card. */
export async function paidWithCard(db: Db, clientId: number, cardHash: string) {
  const [row] = await db
    .select({ n: count() })
    .from(orderCards)
    .where(and(eq(orderCards.clientId, clientId), eq(orderCards.cardHash, cardHash)));
  return (row?.n ?? 0) > 0;
}

export async function cardOfOrder(db: Db, orderId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ cardHash: orderCards.cardHash })
    .from(orderCards)
    .where(eq(orderCards.orderId, orderId));
  return row?.cardHash;
}
