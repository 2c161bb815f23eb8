/**
 * Rows of the simulated provider: issued eSIMs, orders and bundle assignments.
 * Functions take the database or a transaction, and return rows or undefined.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  esimGoSandboxAssignments as assignments,
  esimGoSandboxEsims as esims,
  esimGoSandboxOrders as orders,
} from '../../db/schema/esimgo-sandbox';
import type { ProfileStatus } from './protocol';

export type EsimRow = typeof esims.$inferSelect;
export type NewEsim = typeof esims.$inferInsert;
export type NewOrder = typeof orders.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;
export type NewAssignment = typeof assignments.$inferInsert;

const esimColumns = {
  iccid: esims.iccid,
  matchingId: esims.matchingId,
  smdpAddress: esims.smdpAddress,
  profileStatus: esims.profileStatus,
  pin: esims.pin,
  puk: esims.puk,
  firstInstalledAt: esims.firstInstalledAt,
  networkName: esims.networkName,
  mobileNetworkCode: esims.mobileNetworkCode,
  networkCountry: esims.networkCountry,
  lastSeenAt: esims.lastSeenAt,
  refreshCount: esims.refreshCount,
  createdAt: esims.createdAt,
};

const assignmentColumns = {
  id: assignments.id,
  iccid: assignments.iccid,
  orderReference: assignments.orderReference,
  bundleName: assignments.bundleName,
  initialBytes: assignments.initialBytes,
  durationDays: assignments.durationDays,
  assignedAt: assignments.assignedAt,
  usedPercent: assignments.usedPercent,
  notifiedPercent: assignments.notifiedPercent,
  revokedAt: assignments.revokedAt,
};

// node-postgres and PGlite both answer raw queries with `rows`; bigints come back as strings.
const sequenceResult = z.object({ rows: z.tuple([z.object({ value: z.coerce.number() })]) });

/** The next number for an ICCID, from a database sequence shared by every instance. */
export async function nextIccidNumber(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval('esimgo_sandbox_iccid_seq') as value`);
  return sequenceResult.parse(result).rows[0].value;
}

export async function insertEsim(db: Db, esim: NewEsim): Promise<EsimRow | undefined> {
  const [row] = await db.insert(esims).values(esim).returning(esimColumns);
  return row;
}

/**
 * An eSIM in eSIM Go's returns process: not installed, and every bundle on it revoked. "The start
 * of the returns process will immediately REMOVE the eSIM from your account", so the account's
 * reads no longer find it; installed again, it comes back ("the eSIM will be returned to your
 * account"). https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesname/delete/
 */
function returned(db: Db): SQL {
  const bundlesOf = (revoked: boolean) =>
    db
      .select({ id: assignments.id })
      .from(assignments)
      .where(
        and(
          eq(assignments.iccid, esims.iccid),
          revoked ? isNotNull(assignments.revokedAt) : isNull(assignments.revokedAt),
        ),
      );
  return sql`(${esims.profileStatus} <> 'Installed' and ${exists(bundlesOf(true))} and ${not(exists(bundlesOf(false)))})`;
}

/** The eSIM, unless the account does not hold it (unknown, or returned). */
export async function findEsim(db: Db, iccid: string): Promise<EsimRow | undefined> {
  const [row] = await db
    .select(esimColumns)
    .from(esims)
    .where(and(eq(esims.iccid, iccid), not(returned(db))));
  return row;
}

/** Whether the simulator ever issued this eSIM, held by the account or returned since. */
export async function esimWasIssued(db: Db, iccid: string): Promise<boolean> {
  const rows = await db.select({ iccid: esims.iccid }).from(esims).where(eq(esims.iccid, iccid));
  return rows.length > 0;
}

export async function findEsims(db: Db, iccids: readonly string[]): Promise<EsimRow[]> {
  if (iccids.length === 0) return [];
  return db
    .select(esimColumns)
    .from(esims)
    .where(and(inArray(esims.iccid, [...iccids]), not(returned(db))));
}

/** Sets the profile status; `installedAt` is kept only the first time a profile is installed. */
export async function updateProfileStatus(
  db: Db,
  iccid: string,
  profileStatus: ProfileStatus,
  installedAt: Date | undefined,
): Promise<EsimRow | undefined> {
  const firstInstalledAt = installedAt
    ? sql`coalesce(${esims.firstInstalledAt}, ${installedAt.toISOString()}::timestamptz)`
    : esims.firstInstalledAt;
  const [row] = await db
    .update(esims)
    .set({ profileStatus, firstInstalledAt })
    .where(eq(esims.iccid, iccid))
    .returning(esimColumns);
  return row;
}

export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await db.insert(orders).values(order);
}

/** The order whatever its listing, for the simulator's own bookkeeping. */
export async function findOrderRow(db: Db, reference: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
  return row;
}

/** The order, once it is listed at `now`. */
export async function findOrder(
  db: Db,
  reference: string,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), listedAt(now)));
  return row;
}

/** Orders shown at `now`: every order but those placed to be listed later. */
function listedAt(now: Date): SQL | undefined {
  return or(isNull(orders.listedFrom), lte(orders.listedFrom, now));
}

/** Bounds on an order's creation time, both inclusive. */
export interface CreatedRange {
  from?: Date;
  to?: Date;
}

function createdWithin(range: CreatedRange): SQL | undefined {
  return and(
    range.from ? gte(orders.createdAt, range.from) : undefined,
    range.to ? lte(orders.createdAt, range.to) : undefined,
  );
}

/** One page of orders, newest first, and how many match over all pages. */
export async function findOrdersPage(
  db: Db,
  range: CreatedRange,
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(createdWithin(range), listedAt(now));
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.reference))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ value: count() }).from(orders).where(where);
  return { rows, total: counted?.value ?? 0 };
}

/**
 * Locks the processing orders whose time has come; SKIP LOCKED leaves one that another
 * instance is completing to that instance, so no order is completed twice.
 */
export function lockDueOrders(tx: Db, now: Date): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'processing'), lte(orders.completesAt, now)))
    .orderBy(asc(orders.createdAt))
    .for('update', { skipLocked: true });
}

/** The failedOrder fault's order at the end of its delay: failed, and never to get eSIMs. */
export async function markOrderFailed(tx: Db, reference: string): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'failed', completesAt: null })
    .where(eq(orders.reference, reference));
}

export async function markOrderCompleted(tx: Db, reference: string): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'completed', completesAt: null })
    .where(eq(orders.reference, reference));
}

export async function insertAssignments(
  db: Db,
  rows: readonly NewAssignment[],
): Promise<AssignmentRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(assignments)
    .values([...rows])
    .returning(assignmentColumns);
}

/** The bundle assignments on one eSIM, oldest first; revoked ones are no longer on it. */
export async function findAssignmentsOfEsim(db: Db, iccid: string): Promise<AssignmentRow[]> {
  return db
    .select(assignmentColumns)
    .from(assignments)
    .where(and(eq(assignments.iccid, iccid), isNull(assignments.revokedAt)))
    .orderBy(asc(assignments.assignedAt), asc(assignments.id));
}

/** Revokes one assignment; undefined when it was revoked already (a concurrent revoke won). */
export async function markAssignmentRevoked(
  db: Db,
  id: number,
  now: Date,
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .update(assignments)
    .set({ revokedAt: now })
    .where(and(eq(assignments.id, id), isNull(assignments.revokedAt)))
    .returning(assignmentColumns);
  return row;
}

/** Moves every assignment of the eSIM `milliseconds` earlier; how many there were. */
export async function backdateAssignments(
  db: Db,
  iccid: string,
  milliseconds: number,
): Promise<number> {
  const moved = await db
    .update(assignments)
    .set({
      assignedAt: sql`${assignments.assignedAt} - ${milliseconds} * interval '1 millisecond'`,
    })
    .where(eq(assignments.iccid, iccid))
    .returning({ id: assignments.id });
  return moved.length;
}

export interface InstallRow {
  iccid: string;
  matchingId: string;
  smdpAddress: string;
  profileStatus: ProfileStatus;
  bundleName: string;
  orderReference: string;
}

/** The eSIMs that orders (by reference) assigned bundles to, in assignment order. */
export async function findInstallRows(
  db: Db,
  references: readonly string[],
): Promise<InstallRow[]> {
  if (references.length === 0) return [];
  return db
    .select({
      iccid: esims.iccid,
      matchingId: esims.matchingId,
      smdpAddress: esims.smdpAddress,
      profileStatus: esims.profileStatus,
      bundleName: assignments.bundleName,
      orderReference: assignments.orderReference,
    })
    .from(assignments)
    .innerJoin(esims, eq(esims.iccid, assignments.iccid))
    .where(inArray(assignments.orderReference, [...references]))
    .orderBy(asc(assignments.id));
}
