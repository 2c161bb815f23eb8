/**
 * Data access of the reconciliation module: the bundle assignments of provider orders given
 * back to eSIM Go, one row each. Each step's mark is a guarded update, so two runs record it once.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerOrderReturns as returns } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type ReturnRow = typeof returns.$inferSelect;
export type NewReturnRow = Pick<
  typeof returns.$inferInsert,
  'providerOrderReference' | 'iccid' | 'bundleName' | 'assignmentId' | 'requestedAt'
>;

export function findReturnsOfProviderOrders(
  db: Db,
  references: readonly string[],
): Promise<ReturnRow[]> {
  if (references.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(returns)
    .where(inArray(returns.providerOrderReference, [...references]))
    .orderBy(returns.id);
}

/** The assignment's row, written before its revoke is asked for; an existing one is kept. */
export async function ensureReturn(db: Db, row: NewReturnRow): Promise<ReturnRow> {
  await db.insert(returns).values(row).onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(returns)
    .where(and(eq(returns.iccid, row.iccid), eq(returns.assignmentId, row.assignmentId)));
  if (!stored) throw new Error(`No return row for assignment ${row.assignmentId}`);
  return stored;
}

export async function markRevoked(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(returns)
    .set({ revokedAt: at })
    .where(and(eq(returns.id, id), isNull(returns.revokedAt)));
}

/** Written before the inventory refund is asked for: a retry then looks before asking again. */
export async function markInventoryRefundStarted(db: Db, id: number, at: Date): Promise<void> {
  await db.update(returns).set({ inventoryRefundStartedAt: at }).where(eq(returns.id, id));
}

/**
 * Records the inventory refund: its bundleRefund order (unique, so two returns never claim the
 * same one) and what it credited. False when another return holds that order.
 */
export async function markInventoryRefunded(
  db: Db,
  id: number,
  refund: { reference: string | null; cents: number | null },
  at: Date,
): Promise<boolean> {
  const changed = await db
    .update(returns)
    .set({
      inventoryRefundReference: refund.reference,
      inventoryRefundCents: refund.cents,
      inventoryRefundedAt: at,
    })
    .where(and(eq(returns.id, id), isNull(returns.inventoryRefundedAt)))
    .returning({ id: returns.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  return changed.length === 1;
}

/** The bundleRefund orders some return holds already, of these references. */
export async function findClaimedInventoryRefunds(
  db: Db,
  references: readonly string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .select({ reference: returns.inventoryRefundReference })
    .from(returns)
    .where(inArray(returns.inventoryRefundReference, [...references]));
  return new Set(rows.flatMap((row) => (row.reference ? [row.reference] : [])));
}
