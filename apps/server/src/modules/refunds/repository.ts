/**
 * Data access of the refunds module: the steps of each self-service refund, one row per order
 * (the unique order_id makes a second request find the row instead of starting again). Each
 * step's mark is a guarded update, so two requests or instances record it once.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { esimRefunds } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type RefundRow = typeof esimRefunds.$inferSelect;
export type NewRefundRow = Pick<
  typeof esimRefunds.$inferInsert,
  'orderId' | 'clientId' | 'iccid' | 'requestedAt' | 'requestedBy'
>;

const refundColumns = {
  id: esimRefunds.id,
  orderId: esimRefunds.orderId,
  clientId: esimRefunds.clientId,
  iccid: esimRefunds.iccid,
  requestedAt: esimRefunds.requestedAt,
  requestedBy: esimRefunds.requestedBy,
  providerRevokedAt: esimRefunds.providerRevokedAt,
  moneyReturnedAt: esimRefunds.moneyReturnedAt,
  moneyReturn: esimRefunds.moneyReturn,
  mailedAt: esimRefunds.mailedAt,
  inventoryRefundStartedAt: esimRefunds.inventoryRefundStartedAt,
  inventoryRefundReference: esimRefunds.inventoryRefundReference,
  inventoryRefundedAt: esimRefunds.inventoryRefundedAt,
  inventoryRefundCents: esimRefunds.inventoryRefundCents,
  completedAt: esimRefunds.completedAt,
};

/** The refunds of these orders that were decided already. */
export function findRefundsOfOrders(db: Db, orderIds: readonly number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select(refundColumns)
    .from(esimRefunds)
    .where(inArray(esimRefunds.orderId, [...orderIds]))
    .orderBy(esimRefunds.id);
}

/** Every refund decided for the eSIM (one per order that put a bundle on it). */
export function findRefundsOfEsim(db: Db, iccid: string): Promise<RefundRow[]> {
  return db
    .select(refundColumns)
    .from(esimRefunds)
    .where(eq(esimRefunds.iccid, iccid))
    .orderBy(esimRefunds.id);
}

/** Records the decision to refund these orders; an order refunded already keeps its row. */
export async function insertRefundsIfAbsent(db: Db, rows: readonly NewRefundRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(esimRefunds)
    .values([...rows])
    .onConflictDoNothing({ target: esimRefunds.orderId });
}

export async function markProviderRevoked(db: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(esimRefunds)
    .set({ providerRevokedAt: at })
    .where(and(inArray(esimRefunds.id, [...ids]), isNull(esimRefunds.providerRevokedAt)));
}

export async function markMoneyReturned(
  db: Db,
  id: number,
  how: 'voided' | 'refunded',
  at: Date,
): Promise<void> {
  await db
    .update(esimRefunds)
    .set({ moneyReturn: how, moneyReturnedAt: at })
    .where(and(eq(esimRefunds.id, id), isNull(esimRefunds.moneyReturnedAt)));
}

/**
 * Takes the confirmation mail of these refunds: the rows it marks are this request's to mail,
 * so two requests never both send it. Empty when another request took them.
 */
export async function claimMail(db: Db, ids: readonly number[], at: Date): Promise<RefundRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(esimRefunds)
    .set({ mailedAt: at })
    .where(and(inArray(esimRefunds.id, [...ids]), isNull(esimRefunds.mailedAt)))
    .returning(refundColumns);
}

/** Gives a claimed mail back when it could not be sent, so a later request sends it. */
export async function releaseMail(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(esimRefunds)
    .set({ mailedAt: null })
    .where(inArray(esimRefunds.id, [...ids]));
}

/** Written before the inventory refund is asked for: a retry then looks before asking again. */
export async function markInventoryRefundStarted(db: Db, id: number, at: Date): Promise<void> {
  await db.update(esimRefunds).set({ inventoryRefundStartedAt: at }).where(eq(esimRefunds.id, id));
}

/**
 * Records the inventory refund: its bundleRefund order (unique, so two refunds never claim
 * the same one) and what it credited. False when another refund holds that order.
 */
export async function markInventoryRefunded(
  db: Db,
  id: number,
  refund: { reference: string | null; cents: number | null },
  at: Date,
): Promise<boolean> {
  const changed = await db
    .update(esimRefunds)
    .set({
      inventoryRefundReference: refund.reference,
      inventoryRefundCents: refund.cents,
      inventoryRefundedAt: at,
    })
    .where(and(eq(esimRefunds.id, id), isNull(esimRefunds.inventoryRefundedAt)))
    .returning({ id: esimRefunds.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  return changed.length === 1;
}

/** The bundleRefund orders some refund has claimed already, of these references. */
export async function findClaimedInventoryRefunds(
  db: Db,
  references: readonly string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .select({ reference: esimRefunds.inventoryRefundReference })
    .from(esimRefunds)
    .where(inArray(esimRefunds.inventoryRefundReference, [...references]));
  return new Set(rows.flatMap((row) => (row.reference ? [row.reference] : [])));
}

/** Marks complete the refunds whose every step is done. */
export async function markCompleted(db: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(esimRefunds)
    .set({ completedAt: at })
    .where(
      and(
        inArray(esimRefunds.id, [...ids]),
        isNull(esimRefunds.completedAt),
        isNotNull(esimRefunds.providerRevokedAt),
        isNotNull(esimRefunds.moneyReturnedAt),
        isNotNull(esimRefunds.mailedAt),
        isNotNull(esimRefunds.inventoryRefundedAt),
      ),
    );
}

/** The refunds asked for within [from, to) that have a step still to take. */
export function findUnfinishedRefunds(db: Db, from: Date, to: Date): Promise<RefundRow[]> {
  return db
    .select(refundColumns)
    .from(esimRefunds)
    .where(
      and(
        isNull(esimRefunds.completedAt),
        gte(esimRefunds.requestedAt, from),
        lt(esimRefunds.requestedAt, to),
      ),
    )
    .orderBy(esimRefunds.id);
}
