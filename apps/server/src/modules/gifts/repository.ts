/**
 * Data access of the gifts module: one row per gifted order, its recipient's account written
 * once at fulfilment (a guarded update, so a retry or a twin worker reads the first one back).
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gifts } from '../../db/schema';

export type GiftRow = typeof gifts.$inferSelect;
export type NewGiftRow = Omit<typeof gifts.$inferInsert, 'id' | 'recipientClientId'>;

export async function insertGift(db: Db, values: NewGiftRow): Promise<void> {
  await db.insert(gifts).values(values).onConflictDoNothing({ target: gifts.orderId });
}

export async function findGiftOfOrder(db: Db, orderId: number): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.orderId, orderId));
  return row;
}

/** Records the recipient's account unless one is recorded already; the gift as it now is. */
export async function setGiftRecipient(
  db: Db,
  orderId: number,
  recipientClientId: number,
): Promise<GiftRow | undefined> {
  await db
    .update(gifts)
    .set({ recipientClientId })
    .where(and(eq(gifts.orderId, orderId), isNull(gifts.recipientClientId)));
  return findGiftOfOrder(db, orderId);
}

/** The gifts of these orders. */
export function findGiftsOfOrders(db: Db, orderIds: readonly number[]): Promise<GiftRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(gifts)
    .where(inArray(gifts.orderId, [...orderIds]));
}

/** The gifts a client bought, newest first. */
export function listGiftsOfBuyer(db: Db, buyerClientId: number): Promise<GiftRow[]> {
  return db
    .select()
    .from(gifts)
    .where(eq(gifts.buyerClientId, buyerClientId))
    .orderBy(desc(gifts.createdAt), desc(gifts.id));
}
