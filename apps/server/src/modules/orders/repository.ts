/**
 * Data access of the orders module: orders, their fulfilment jobs and their audit events (the
 * eSIMs and ledger entries they produce belong to the esims and ledger modules). Functions
 * take the database or a transaction, return rows or undefined, and leave HTTP statuses to
 * the services.
 */
import type { OrderStatus } from '@tern/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fulfilmentJobs, orderEvents, orders } from '../../db/schema';

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
  currency: orders.currency,
  status: orders.status,
  gatewayOperation: orders.gatewayOperation,
  gatewaySessionId: orders.gatewaySessionId,
  successIndicator: orders.successIndicator,
  paymentTransactionId: orders.paymentTransactionId,
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
  Omit<OrderRow, 'id' | 'gatewayOrderId' | 'clientId' | 'planId' | 'amountCents' | 'currency'>
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

// PostgreSQL's unique_violation; node-postgres and PGlite put it on the error or its cause.
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
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

/** Newest first, for the operator. */
export function listRecentOrders(db: Db, limit: number): Promise<RecentOrderRow[]> {
  return db
    .select({
      gatewayOrderId: orders.gatewayOrderId,
      status: orders.status,
      clientId: orders.clientId,
      planName: orders.planName,
      type: orders.type,
      amountCents: orders.amountCents,
      currency: orders.currency,
      iccid: orders.iccid,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

// ---- fulfilment jobs ----

export type JobKind = 'fulfil' | 'refund';

export interface JobRow {
  id: number;
  orderId: number;
  kind: JobKind;
  runAfter: Date;
  attempts: number;
  lastError: string | null;
  lockedUntil: Date | null;
  claimedBy: string | null;
  parkedAt: Date | null;
  doneAt: Date | null;
}

const jobColumns = {
  id: fulfilmentJobs.id,
  orderId: fulfilmentJobs.orderId,
  kind: fulfilmentJobs.kind,
  runAfter: fulfilmentJobs.runAfter,
  attempts: fulfilmentJobs.attempts,
  lastError: fulfilmentJobs.lastError,
  lockedUntil: fulfilmentJobs.lockedUntil,
  claimedBy: fulfilmentJobs.claimedBy,
  parkedAt: fulfilmentJobs.parkedAt,
  doneAt: fulfilmentJobs.doneAt,
};

/** One job per order: enqueueing again (a replayed confirmation) changes nothing. */
export async function enqueueJob(
  db: Db,
  values: { orderId: number; kind: JobKind; now: Date },
): Promise<void> {
  await db
    .insert(fulfilmentJobs)
    .values({
      orderId: values.orderId,
      kind: values.kind,
      runAfter: values.now,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: fulfilmentJobs.orderId });
}

export async function findJobForOrder(db: Db, orderId: number): Promise<JobRow | undefined> {
  const [row] = await db
    .select(jobColumns)
    .from(fulfilmentJobs)
    .where(eq(fulfilmentJobs.orderId, orderId));
  return row;
}

/**
 * Claims the next due job (of one order, when given) for `workerId` until `leaseUntil`, in
 * one statement: the row is picked with FOR UPDATE SKIP LOCKED, so two claimers never get
 * the same job and neither waits for the other; an expired lease is free to take.
 */
export async function claimDueJob(
  db: Db,
  options: { now: Date; leaseUntil: Date; workerId: string; orderId?: number },
): Promise<JobRow | undefined> {
  const { now } = options;
  const due = db
    .select({ id: fulfilmentJobs.id })
    .from(fulfilmentJobs)
    .where(
      and(
        isNull(fulfilmentJobs.doneAt),
        isNull(fulfilmentJobs.parkedAt),
        lte(fulfilmentJobs.runAfter, now),
        or(isNull(fulfilmentJobs.lockedUntil), lte(fulfilmentJobs.lockedUntil, now)),
        options.orderId === undefined ? undefined : eq(fulfilmentJobs.orderId, options.orderId),
      ),
    )
    .orderBy(asc(fulfilmentJobs.runAfter))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(fulfilmentJobs)
    .set({
      lockedUntil: options.leaseUntil,
      claimedBy: options.workerId,
      attempts: sql`${fulfilmentJobs.attempts} + 1`,
    })
    .where(inArray(fulfilmentJobs.id, due))
    .returning(jobColumns);
  return row;
}

/** Extends our lease; false when it ran out and another worker may hold the job now. */
export async function renewLease(
  db: Db,
  job: { id: number; workerId: string },
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const rows = await db
    .update(fulfilmentJobs)
    .set({ lockedUntil: leaseUntil })
    .where(
      and(
        eq(fulfilmentJobs.id, job.id),
        eq(fulfilmentJobs.claimedBy, job.workerId),
        gt(fulfilmentJobs.lockedUntil, now),
        isNull(fulfilmentJobs.doneAt),
      ),
    )
    .returning({ id: fulfilmentJobs.id });
  return rows.length > 0;
}

/** Whether some worker holds the order's job right now. */
export async function jobIsLeased(db: Db, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: fulfilmentJobs.id })
    .from(fulfilmentJobs)
    .where(
      and(
        eq(fulfilmentJobs.orderId, orderId),
        isNull(fulfilmentJobs.doneAt),
        gt(fulfilmentJobs.lockedUntil, now),
      ),
    );
  return rows.length > 0;
}

const ours = (job: { id: number; workerId: string }) =>
  and(eq(fulfilmentJobs.id, job.id), eq(fulfilmentJobs.claimedBy, job.workerId));

export async function finishJob(
  db: Db,
  job: { id: number; workerId: string },
  now: Date,
): Promise<void> {
  await db
    .update(fulfilmentJobs)
    .set({ doneAt: now, lockedUntil: null, lastError: null })
    .where(ours(job));
}

export async function rescheduleJob(
  db: Db,
  job: { id: number; workerId: string },
  values: { runAfter: Date; error: string },
): Promise<void> {
  await db
    .update(fulfilmentJobs)
    .set({ runAfter: values.runAfter, lastError: values.error, lockedUntil: null })
    .where(ours(job));
}

/**
 * Runs the job again at `runAfter` without spending an attempt: waiting for the provider to
 * finish an order is not a failure.
 */
export async function deferJob(
  db: Db,
  job: { id: number; workerId: string },
  values: { runAfter: Date; reason: string },
): Promise<void> {
  await db
    .update(fulfilmentJobs)
    .set({
      runAfter: values.runAfter,
      lastError: values.reason,
      lockedUntil: null,
      attempts: sql`greatest(${fulfilmentJobs.attempts} - 1, 0)`,
    })
    .where(ours(job));
}

export async function parkJob(
  db: Db,
  job: { id: number; workerId: string },
  values: { now: Date; error: string },
): Promise<void> {
  await db
    .update(fulfilmentJobs)
    .set({ parkedAt: values.now, lastError: values.error, lockedUntil: null })
    .where(ours(job));
}

/**
 * Makes the order's job due now as `kind`, with a fresh attempt budget, whatever state it
 * was in (a new row when there was none). For giving up on delivery and for the operator.
 * With `unlessLeased`, a job a live worker holds is left alone (check and write are one
 * statement, so no worker can claim it in between); false then.
 */
export async function restartJob(
  db: Db,
  values: { orderId: number; kind: JobKind; now: Date; error?: string; unlessLeased?: boolean },
): Promise<boolean> {
  const fresh = {
    kind: values.kind,
    runAfter: values.now,
    attempts: 0,
    lockedUntil: null,
    claimedBy: null,
    parkedAt: null,
    doneAt: null,
    lastError: values.error ?? null,
  };
  const idle = or(
    isNull(fulfilmentJobs.lockedUntil),
    lte(fulfilmentJobs.lockedUntil, values.now),
    isNotNull(fulfilmentJobs.doneAt),
  );
  const written = await db
    .insert(fulfilmentJobs)
    .values({ orderId: values.orderId, createdAt: values.now, ...fresh })
    .onConflictDoUpdate({
      target: fulfilmentJobs.orderId,
      set: fresh,
      setWhere: values.unlessLeased ? idle : undefined,
    })
    .returning({ id: fulfilmentJobs.id });
  return written.length > 0;
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
