/**
 * The promo codes' tables. Every limit that two requests could race for is decided here, in
 * one statement each: the use is taken by an update that stops at `max_uses` and outside the
 * code's window, and an account's second live redemption is refused by the partial unique
 * index (ON CONFLICT, so a refusal does not abort the order's transaction on PostgreSQL).
 */
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoCodes, promoRedemptions } from '../../db/schema';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCode = typeof promoCodes.$inferInsert;

/** The new code, or undefined when its name is taken. */
export async function insertPromoCode(
  db: Db,
  code: NewPromoCode,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db.insert(promoCodes).values(code).onConflictDoNothing().returning();
  return row;
}

export function listPromoCodes(db: Db, limit: number): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).orderBy(desc(promoCodes.id)).limit(limit);
}

export async function findPromoCode(db: Db, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

export async function hasLiveRedemption(
  db: Db,
  promoCodeId: number,
  clientId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: promoRedemptions.id })
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoCodeId, promoCodeId),
        eq(promoRedemptions.clientId, clientId),
        isNull(promoRedemptions.releasedAt),
      ),
    );
  return row !== undefined;
}

/** Takes one use of the code if one is left and the code is live at `now`. */
export async function takeUse(db: Db, promoCodeId: number, now: Date): Promise<boolean> {
  const taken = await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      and(
        eq(promoCodes.id, promoCodeId),
        lt(promoCodes.uses, promoCodes.maxUses),
        lte(promoCodes.startsAt, now),
        gt(promoCodes.endsAt, now),
      ),
    )
    .returning({ id: promoCodes.id });
  return taken.length === 1;
}

export interface NewRedemption {
  promoCodeId: number;
  clientId: number;
  orderId: number;
  discountCents: number;
  redeemedAt: Date;
}

/** Records the order's redemption; false when the account holds the code already. */
export async function insertRedemption(db: Db, redemption: NewRedemption): Promise<boolean> {
  const inserted = await db
    .insert(promoRedemptions)
    .values(redemption)
    .onConflictDoNothing()
    .returning({ id: promoRedemptions.id });
  return inserted.length === 1;
}

/** Releases the order's live redemption and gives its use back; the code's id, if there was one. */
export async function releaseRedemption(
  db: Db,
  orderId: number,
  now: Date,
): Promise<number | undefined> {
  const [released] = await db
    .update(promoRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(promoRedemptions.orderId, orderId), isNull(promoRedemptions.releasedAt)))
    .returning({ promoCodeId: promoRedemptions.promoCodeId });
  if (!released) return undefined;
  await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} - 1` })
    .where(and(eq(promoCodes.id, released.promoCodeId), gt(promoCodes.uses, 0)));
  return released.promoCodeId;
}

/**
 * Takes the order's released redemption again (a payment that landed after the order was
 * given up): the buyer paid the price they were shown. The count never passes the limit (the
 * use is honoured, not counted twice), and an account holding the code on another order by
 * now keeps that one live instead. True when the redemption is live again.
 */
export async function retakeRedemption(db: Db, orderId: number): Promise<boolean> {
  const [redemption] = await db
    .select({
      id: promoRedemptions.id,
      promoCodeId: promoRedemptions.promoCodeId,
      clientId: promoRedemptions.clientId,
    })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.orderId, orderId), isNotNull(promoRedemptions.releasedAt)));
  if (!redemption) return false;
  if (await hasLiveRedemption(db, redemption.promoCodeId, redemption.clientId)) return false;
  await db
    .update(promoRedemptions)
    .set({ releasedAt: null })
    .where(eq(promoRedemptions.id, redemption.id));
  await db
    .update(promoCodes)
    .set({ uses: sql`least(${promoCodes.uses} + 1, ${promoCodes.maxUses})` })
    .where(eq(promoCodes.id, redemption.promoCodeId));
  return true;
}

export interface OrderDiscount {
  code: string;
  discountCents: number;
}

/** The code an order was discounted by, released or not (the invoice shows what was paid). */
export async function discountOfOrder(db: Db, orderId: number): Promise<OrderDiscount | undefined> {
  const [row] = await db
    .select({ code: promoCodes.code, discountCents: promoRedemptions.discountCents })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .where(eq(promoRedemptions.orderId, orderId));
  return row;
}
