/**
 * The sandbox's rows: checkout sessions, orders and their transactions. Functions take a
 * database or a transaction; `lock*` reads take a row lock, so concurrent payments and
 * captures on one order run one after the other on every instance.
 */
import { type AnyColumn, and, asc, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  gatewaySandboxOrders as orders,
  gatewaySandboxSessions as sessions,
  gatewaySandboxTokens as tokens,
  gatewaySandboxTransactions as transactions,
} from '../../db/schema/gateway-sandbox';

export type SessionRow = typeof sessions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
/**
 * A transaction as recorded, before the database numbers it; only a payment on the hosted page
 * may name a wallet, so the merchant's own operations leave it out.
 */
export type TransactionFields = Omit<TransactionRow, 'sequence' | 'walletProvider'> &
  Partial<Pick<TransactionRow, 'walletProvider'>>;
export type NewOrderRow = typeof orders.$inferInsert;
export type NewTransactionRow = typeof transactions.$inferInsert;
export type TokenRow = typeof tokens.$inferSelect;

export interface OrderKey {
  merchantId: string;
  orderId: string;
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * A session with the status of its order, if the order exists yet. One statement reads both,
 * so a payment committing in between cannot show the order paid and the session not.
 */
export async function findSessionWithOrderStatus(
  db: Db,
  id: string,
): Promise<{ session: SessionRow; orderStatus: string | undefined } | undefined> {
  const [row] = await db
    .select({ session: sessions, orderStatus: orders.status })
    .from(sessions)
    .leftJoin(orders, orderIs(sessions))
    .where(eq(sessions.id, id));
  return row && { session: row.session, orderStatus: row.orderStatus ?? undefined };
}

export async function lockSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).for('update');
  return row;
}

export async function markSessionPaid(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ paidAt: at }).where(eq(sessions.id, id));
}

/** Creates the order on its first payment attempt; an existing order is left as it is. */
export async function ensureOrder(db: Db, row: NewOrderRow): Promise<void> {
  await db.insert(orders).values(row).onConflictDoNothing();
}

/**
 * An order with its transactions in the order they happened, read in one statement so the
 * order's totals always match the list.
 */
export async function findOrderWithTransactions(
  db: Db,
  key: OrderKey,
): Promise<{ order: OrderRow; transactions: TransactionRow[] } | undefined> {
  const rows = await db
    .select({ order: orders, transaction: transactions })
    .from(orders)
    .leftJoin(
      transactions,
      and(eq(transactions.merchantId, orders.merchantId), eq(transactions.orderId, orders.orderId)),
    )
    .where(orderIs(key))
    .orderBy(asc(transactions.sequence));
  const [first] = rows;
  if (!first) return undefined;
  const list = rows.flatMap(({ transaction }) => (transaction ? [transaction] : []));
  return { order: first.order, transactions: list };
}

export async function lockOrder(db: Db, key: OrderKey): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(orderIs(key)).for('update');
  return row;
}

export async function updateOrder(
  db: Db,
  key: OrderKey,
  changes: Partial<Omit<OrderRow, keyof OrderKey | 'createdAt'>>,
): Promise<OrderRow | undefined> {
  const [row] = await db.update(orders).set(changes).where(orderIs(key)).returning();
  return row;
}

export async function findTransaction(
  db: Db,
  key: OrderKey,
  transactionId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(transactionOf(key, eq(transactions.transactionId, transactionId)));
  return row;
}

export async function insertTransaction(db: Db, row: NewTransactionRow): Promise<void> {
  await db.insert(transactions).values(row);
}

/** The order's latest 3-D Secure authentication: the card it was for, and how it went. */
export async function findLatestAuthentication(
  db: Db,
  key: OrderKey,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(transactionOf(key, eq(transactions.type, 'AUTHENTICATION')))
    .orderBy(desc(transactions.sequence))
    .limit(1);
  return row;
}

export async function settleTransaction(
  db: Db,
  key: OrderKey,
  transactionId: string,
  changes: Partial<Pick<TransactionRow, 'result' | 'gatewayCode' | 'response' | 'settledAt'>>,
): Promise<void> {
  await db
    .update(transactions)
    .set(changes)
    .where(transactionOf(key, eq(transactions.transactionId, transactionId)));
}

/** Captures, voids and refunds still without an outcome. */
const unsettled = and(
  inArray(transactions.result, ['PENDING', 'UNKNOWN']),
  inArray(transactions.type, ['CAPTURE', 'REFUND', 'VOID_AUTHORIZATION']),
) as SQL;

/** The order's captures, voids and refunds still without an outcome, oldest first. */
export async function findUnsettledTransactions(db: Db, key: OrderKey): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(transactionOf(key, unsettled))
    .orderBy(asc(transactions.sequence));
}

/** The orders with a capture, void or refund still without an outcome. */
export async function findOrdersWithUnsettled(db: Db): Promise<OrderKey[]> {
  return db
    .selectDistinct({ merchantId: transactions.merchantId, orderId: transactions.orderId })
    .from(transactions)
    .where(unsettled);
}

/**
 * The merchant's transactions created or settled within [from, to): the Reporting API's
 * events of a time window (reporting.ts).
 */
export async function findTransactionsRecordedBetween(
  db: Db,
  merchantId: string,
  from: Date,
  to: Date,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, merchantId),
        or(
          and(gte(transactions.createdAt, from), lt(transactions.createdAt, to)),
          and(gte(transactions.settledAt, from), lt(transactions.settledAt, to)),
        ),
      ),
    )
    .orderBy(asc(transactions.sequence));
}

/** Matches the order's transactions that also meet `condition`. */
function transactionOf(key: OrderKey, condition: SQL) {
  return and(
    eq(transactions.merchantId, key.merchantId),
    eq(transactions.orderId, key.orderId),
    condition,
  );
}

/** Matches an order by its key, given as values or as another table's columns. */
function orderIs(key: { [K in keyof OrderKey]: OrderKey[K] | AnyColumn }) {
  return and(eq(orders.merchantId, key.merchantId), eq(orders.orderId, key.orderId));
}

/** A token in the merchant's repository (gw-tokenization; see the schema). */
export async function insertToken(db: Db, row: TokenRow): Promise<void> {
  await db.insert(tokens).values(row);
}

export async function findToken(
  db: Db,
  merchantId: string,
  token: string,
): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.merchantId, merchantId), eq(tokens.token, token)));
  return row;
}

/** Deletes the token; false when the repository had no such token. */
export async function deleteToken(db: Db, merchantId: string, token: string): Promise<boolean> {
  const gone = await db
    .delete(tokens)
    .where(and(eq(tokens.merchantId, merchantId), eq(tokens.token, token)))
    .returning({ token: tokens.token });
  return gone.length > 0;
}
