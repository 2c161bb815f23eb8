/**
 * Data access of store credit: its own ledger (credit_entries), only ever appended to. The
 * balance is a sum, so what keeps two purchases from spending the same credit is a lock per
 * account held to the end of the transaction that reads the sum and writes the debit.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditEntries } from '../../db/schema';

/** The advisory lock class of store credit; the second key is the account's id. */
const CREDIT_LOCK_CLASS = 74_281_931;

export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type NewCreditEntryRow = Omit<typeof creditEntries.$inferInsert, 'id'>;

/** One account's credit, locked until the transaction ends: its readers and writers queue. */
export async function lockAccountCredit(tx: Db, clientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREDIT_LOCK_CLASS}, ${clientId})`);
}

export async function balanceCents(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${creditEntries.amountCents})` })
    .from(creditEntries)
    .where(eq(creditEntries.clientId, clientId));
  return Number(row?.total ?? 0);
}

/** What the order holds of the account's credit: minus while reserved, zero once returned. */
export async function orderNetCents(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${creditEntries.amountCents})` })
    .from(creditEntries)
    .where(eq(creditEntries.orderId, orderId));
  return Number(row?.total ?? 0);
}

export async function insertCreditEntry(db: Db, values: NewCreditEntryRow): Promise<number> {
  const [row] = await db.insert(creditEntries).values(values).returning({ id: creditEntries.id });
  if (!row) throw new Error('The credit entry was not stored');
  return row.id;
}

export interface CreditEntryWithOrder {
  at: Date;
  amountCents: number;
  kind: CreditEntryRow['kind'];
  reason: string;
  order: string | null;
}

/** The account's entries, newest first, each with its order's reference. */
export function listCreditEntries(db: Db, clientId: number): Promise<CreditEntryWithOrder[]> {
  return db
    .select({
      at: creditEntries.at,
      amountCents: creditEntries.amountCents,
      kind: creditEntries.kind,
      reason: creditEntries.reason,
      order: creditEntries.orderReference,
    })
    .from(creditEntries)
    .where(eq(creditEntries.clientId, clientId))
    .orderBy(desc(creditEntries.at), desc(creditEntries.id));
}
