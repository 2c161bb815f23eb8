/**
 * Data access of the orders module: orders and their audit events (the eSIMs and ledger
 * entries they produce belong to the esims and ledger modules, their jobs to the job engine). Functions
 * take the database or a transaction, return rows or undefined, and leave HTTP statuses to
 * the services.
 */
import type { OrderStatus } from '@tern/contract';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, orderEvents, orders } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { HANDLED_EVENT, PARKED_EVENT } from './parked';

// ---- orders ----

const orderColumns = {
  id: orders.id,
  gatewayOrderId: orders.gatewayOrderId,
  clientId: orders.clientId,
  planId: orders.planId,
  planName: orders.planName,
  planDescription: orders.planDescription,
  destinationIso: orders.destinationIso,
  destinationName: orders.destinationName,
  type: orders.type,
  targetIccid: orders.targetIccid,
  amountCents: orders.amountCents,
  creditCents: orders.creditCents,
  discountCents: orders.discountCents,
  currency: orders.currency,
  status: orders.status,
  gatewayOperation: orders.gatewayOperation,
  gatewaySessionId: orders.gatewaySessionId,
  saveCard: orders.saveCard,
  savedCardId: orders.savedCardId,
  paymentInitiator: orders.paymentInitiator,
  successIndicator: orders.successIndicator,
  paymentTransactionId: orders.paymentTransactionId,
  providerOrderTurnAt: orders.providerOrderTurnAt,
  providerOrderStartedAt: orders.providerOrderStartedAt,
  providerOrderSettlesAt: orders.providerOrderSettlesAt,
  providerOrderReference: orders.providerOrderReference,
  iccid: orders.iccid,
  paymentChecks: orders.paymentChecks,
  paymentCheckedAt: orders.paymentCheckedAt,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  paidAt: orders.paidAt,
  capturedAt: orders.capturedAt,
  confirmationMailedAt: orders.confirmationMailedAt,
  fulfilledAt: orders.fulfilledAt,
  cancelledAt: orders.cancelledAt,
  refundedAt: orders.refundedAt,
};

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = Omit<
  typeof orders.$inferInsert,
  'id' | 'paymentChecks' | 'paymentCheckedAt'
>;
/** What an update may change; the id, owner, plan and price never change. */
export type OrderChanges = Partial<
  Omit<
    OrderRow,
    'id' | 'gatewayOrderId' | 'clientId' | 'planId' | 'amountCents' | 'creditCents' | 'currency'
  >
>;

export async function insertOrder(db: Db, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning(orderColumns);
  if (!row) throw new Error('The order was not stored');
  return row;
}

export async function findOrderByReference(
  db: Db,
  gatewayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.gatewayOrderId, gatewayOrderId));
  return row;
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  return row;
}

/** These orders, by id, in any order; ids that name no order are left out. */
export async function findOrdersByIds(db: Db, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(orderColumns)
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

/** The order, locked until the transaction ends: status changes on it then run one at a time. */
export async function lockOrder(tx: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select(orderColumns).from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/**
 * Changes an order, only while its status is one of `fromStatuses` when given: a guarded
 * transition that a concurrent one cannot undo. Undefined when the guard did not hold.
 */
export async function updateOrder(
  db: Db,
  id: number,
  changes: OrderChanges,
  fromStatuses?: readonly OrderStatus[],
): Promise<OrderRow | undefined> {
  const guard = fromStatuses ? inArray(orders.status, [...fromStatuses]) : undefined;
  const [row] = await db
    .update(orders)
    .set(changes)
    .where(and(eq(orders.id, id), guard))
    .returning(orderColumns);
  return row;
}

/** Another shop order holds this provider order already (the unique reference said so). */
export class ProviderOrderTaken extends Error {
  override name = 'ProviderOrderTaken';
}

/**
 * Stores the provider's order (its eSIM may follow later), unless another run already stored
 * one: the first one wins. Throws ProviderOrderTaken when another shop order claimed it.
 */
export async function recordProviderOrder(
  db: Db,
  id: number,
  values: { reference: string; iccid: string | null; now: Date },
): Promise<OrderRow | undefined> {
  try {
    const [row] = await db
      .update(orders)
      .set({
        providerOrderReference: values.reference,
        iccid: values.iccid,
        providerOrderStartedAt: null,
        providerOrderSettlesAt: null,
        updatedAt: values.now,
      })
      .where(and(eq(orders.id, id), isNull(orders.providerOrderReference)))
      .returning(orderColumns);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProviderOrderTaken(values.reference);
    throw error;
  }
}

/**
 * Lets go of a provider order that eSIM Go left failed, so the order is bought again: only
 * while the order still holds that reference and no eSIM. Undefined when it did not.
 */
export async function forgetProviderOrder(
  db: Db,
  id: number,
  values: { reference: string; now: Date },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({
      providerOrderReference: null,
      providerOrderStartedAt: null,
      providerOrderSettlesAt: null,
      providerOrderTurnAt: null,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.providerOrderReference, values.reference),
        isNull(orders.iccid),
      ),
    )
    .returning(orderColumns);
  return row;
}

/** The eSIM of a provider order that was stored before its eSIMs existed. */
export async function recordProviderEsim(
  db: Db,
  id: number,
  values: { iccid: string; now: Date },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ iccid: values.iccid, updatedAt: values.now })
    .where(and(eq(orders.id, id), isNull(orders.iccid)))
    .returning(orderColumns);
  return row;
}

/** Which of these provider orders some shop order holds already. */
export async function findClaimedProviderOrders(
  db: Db,
  references: readonly string[],
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .select({ reference: orders.providerOrderReference })
    .from(orders)
    .where(inArray(orders.providerOrderReference, [...references]));
  return new Set(rows.flatMap((row) => (row.reference ? [row.reference] : [])));
}

/** Which of these gateway order ids are shop orders'. */
export async function findOwnedGatewayOrderIds(
  db: Db,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: orders.gatewayOrderId })
    .from(orders)
    .where(inArray(orders.gatewayOrderId, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether a shop order of one of these bundles is still looking for its provider order: one
 * was started and none recorded (a lost answer), so any unclaimed one may turn out to be its.
 */
export async function isProviderOrderSought(db: Db, bundles: readonly string[]): Promise<boolean> {
  if (bundles.length === 0) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.planName, [...bundles]),
        isNotNull(orders.providerOrderStartedAt),
        isNull(orders.providerOrderReference),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A paid order of the day not (yet) settled, with its job: where it stands and who holds it. */
export interface UnsettledPaidOrder {
  gatewayOrderId: string;
  status: OrderStatus;
  paidAt: Date | null;
  amountCents: number;
  currency: string;
  jobKind: string | null;
  jobDoneAt: Date | null;
  jobLockedUntil: Date | null;
  /** The later of its parking and an operator's marking it handled (parked.ts), if any. */
  lastParkingEvent: string | null;
}

/**
 * Orders created within [from, to) that were paid and are not delivered, or are delivered with
 * a refund asked for: each with its job (the key orderJobKey names).
 */
export function findPaidUnsettledOrders(
  db: Db,
  from: Date,
  to: Date,
): Promise<UnsettledPaidOrder[]> {
  return db
    .select({
      gatewayOrderId: orders.gatewayOrderId,
      status: orders.status,
      paidAt: orders.paidAt,
      amountCents: orders.amountCents,
      currency: orders.currency,
      jobKind: jobs.kind,
      jobDoneAt: jobs.doneAt,
      jobLockedUntil: jobs.lockedUntil,
      lastParkingEvent: sql<string | null>`(
        select ${orderEvents.event} from ${orderEvents}
        where ${orderEvents.orderId} = ${orders.id}
          and ${orderEvents.event} in (${PARKED_EVENT}, ${HANDLED_EVENT})
        order by ${orderEvents.at} desc, ${orderEvents.id} desc limit 1)`,
    })
    .from(orders)
    .leftJoin(jobs, eq(jobs.key, sql`'order:' || ${orders.id}`))
    .where(
      and(
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        or(
          inArray(orders.status, ['paid', 'fulfilling', 'fulfilment_failed']),
          and(eq(orders.status, 'fulfilled'), eq(jobs.kind, 'refund'), isNull(jobs.doneAt)),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt));
}

export async function countPaymentCheck(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ paymentChecks: sql`${orders.paymentChecks} + 1`, paymentCheckedAt: now })
    .where(eq(orders.id, id));
}

/**
 * Takes up to `limit` orders still waiting for payment since before `createdBefore`, not
 * checked since `checkedBefore`, and marks them checked now. SKIP LOCKED and the mark keep
 * instances reconciling at the same time from asking about the same orders.
 */
export async function claimUnpaidOrders(
  db: Db,
  options: { createdBefore: Date; checkedBefore: Date; now: Date; limit: number },
): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['created', 'awaiting_payment']),
        // An automatic top-up's payment is its charge job's (card-topups): never abandoned.
        or(isNull(orders.paymentInitiator), ne(orders.paymentInitiator, 'merchant')),
        lt(orders.createdAt, options.createdBefore),
        or(isNull(orders.paymentCheckedAt), lt(orders.paymentCheckedAt, options.checkedBefore)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ paymentCheckedAt: options.now })
    .where(inArray(orders.id, due))
    .returning(orderColumns);
}

export interface RecentOrderRow {
  gatewayOrderId: string;
  status: OrderStatus;
  clientId: number;
  planName: string;
  type: 'Regular' | 'Topup';
  amountCents: number;
  currency: string;
  iccid: string | null;
  createdAt: Date;
}

const recentOrderColumns = {
  gatewayOrderId: orders.gatewayOrderId,
  status: orders.status,
  clientId: orders.clientId,
  planName: orders.planName,
  type: orders.type,
  amountCents: orders.amountCents,
  currency: orders.currency,
  iccid: orders.iccid,
  createdAt: orders.createdAt,
};

/** Newest first, for the operator. */
export function listRecentOrders(db: Db, limit: number): Promise<RecentOrderRow[]> {
  return db
    .select(recentOrderColumns)
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/**
 * What an operator may search by: a reference of any side, an ICCID, or a buyer; narrowed by
 * status and by when the order was made. Every part is optional.
 */
export interface OrderSearch {
  /** Matched exactly against the order, gateway, provider references and ICCIDs. */
  reference?: string | undefined;
  clientId?: number | undefined;
  status?: OrderStatus | undefined;
  /** Created within [createdFrom, createdBefore). */
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
}

/** Orders that any reference or the buyer matches, within the filters, newest first. */
export function searchOrders(
  db: Db,
  search: OrderSearch,
  limit: number,
): Promise<RecentOrderRow[]> {
  const { reference, clientId, status, createdFrom, createdBefore } = search;
  const named =
    reference === undefined
      ? undefined
      : or(
          eq(orders.gatewayOrderId, reference.toUpperCase()),
          eq(orders.iccid, reference),
          eq(orders.targetIccid, reference),
          eq(orders.paymentTransactionId, reference),
          eq(orders.gatewaySessionId, reference),
          eq(orders.providerOrderReference, reference),
          clientId === undefined ? undefined : eq(orders.clientId, clientId),
        );
  return db
    .select(recentOrderColumns)
    .from(orders)
    .where(
      and(
        named,
        status === undefined ? undefined : eq(orders.status, status),
        createdFrom === undefined ? undefined : gte(orders.createdAt, createdFrom),
        createdBefore === undefined ? undefined : lt(orders.createdAt, createdBefore),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** How many orders are in each status (a status without any is left out), for the operator's metrics. */
export function countOrdersByStatus(db: Db): Promise<{ status: OrderStatus; orders: number }[]> {
  return db.select({ status: orders.status, orders: count() }).from(orders).groupBy(orders.status);
}

// ---- events ----

export interface OrderEventRow {
  at: Date;
  event: string;
  detail: string | null;
}

export async function addOrderEvent(
  db: Db,
  orderId: number,
  at: Date,
  event: string,
  detail?: string,
): Promise<void> {
  await db.insert(orderEvents).values({ orderId, at, event, detail: detail ?? null });
}

export function listOrderEvents(db: Db, orderId: number): Promise<OrderEventRow[]> {
  return db
    .select({ at: orderEvents.at, event: orderEvents.event, detail: orderEvents.detail })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

/** The order as stored now; an order never disappears, so a missing one is a bug. */
export async function reloadOrder(db: Db, id: number): Promise<OrderRow> {
  const order = await findOrderById(db, id);
  if (!order) throw new Error(`Order ${id} disappeared`);
  return order;
}

/** An account's orders for the operator: what each bought, cost and became, newest first. */
export interface ClientOrderRow extends RecentOrderRow {
  id: number;
  refundedAt: Date | null;
}

export function listClientOrders(db: Db, clientId: number): Promise<ClientOrderRow[]> {
  return db
    .select({ ...recentOrderColumns, id: orders.id, refundedAt: orders.refundedAt })
    .from(orders)
    .where(eq(orders.clientId, clientId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** How many orders each of these clients made (a client without any is left out). */
export async function countClientOrders(
  db: Db,
  clientIds: readonly number[],
): Promise<Map<number, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ clientId: orders.clientId, orders: count() })
    .from(orders)
    .where(inArray(orders.clientId, [...new Set(clientIds)]))
    .groupBy(orders.clientId);
  return new Map(rows.map((row) => [row.clientId, row.orders]));
}

// ---- the pipeline's hours (the operators' health charts) ----

/** Hours since the epoch: a bucket the same on every instance, whatever its time zone. */
const hourOf = (at: AnyColumn) => sql<number>`floor(extract(epoch from ${at}) / 3600)::int`;

/** Orders opened, or paid, in each hour since `since`, by hour since the epoch. */
export function countOrdersByHour(
  db: Db,
  moment: 'created' | 'paid',
  since: Date,
): Promise<{ hour: number; orders: number }[]> {
  const at = moment === 'created' ? orders.createdAt : orders.paidAt;
  const hour = hourOf(at);
  return db
    .select({ hour, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(gte(at, since))
    .groupBy(hour);
}

export interface DeliveryHourRow {
  hour: number;
  delivered: number;
  p50Seconds: number;
  p99Seconds: number;
}

/**
 * Orders delivered in each hour since `since` (their `delivered` event), with the median and
 * 99th percentile of the seconds from payment to that delivery.
 */
export function deliveryTimesByHour(db: Db, since: Date): Promise<DeliveryHourRow[]> {
  const hour = hourOf(orderEvents.at);
  const seconds = sql`extract(epoch from ${orderEvents.at} - ${orders.paidAt})`;
  return db
    .select({
      hour,
      delivered: sql<number>`count(*)::int`,
      p50Seconds: sql<number>`percentile_cont(0.5) within group (order by ${seconds})::float8`,
      p99Seconds: sql<number>`percentile_cont(0.99) within group (order by ${seconds})::float8`,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(
      and(eq(orderEvents.event, 'delivered'), gte(orderEvents.at, since), isNotNull(orders.paidAt)),
    )
    .groupBy(hour);
}
