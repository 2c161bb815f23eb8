/**
 * The job engine's statements on the jobs table. A claim is one statement: the row is picked
 * with FOR UPDATE SKIP LOCKED (PostgreSQL and PGlite alike), so two claimers never get the
 * same job and neither waits for the other; an expired lease is free to take. Every write
 * after the claim names the claimer, so a worker whose lease passed on changes nothing.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type JobRow, jobs } from '../db/schema';

/** Our hold on a claimed job. */
export interface LeaseHolder {
  id: number;
  workerId: string;
}

/** One live job per key: enqueueing again (a replayed confirmation) changes nothing. */
export async function enqueueJob(
  db: Db,
  values: { kind: string; key: string; runAfter: Date; now: Date },
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: values.kind,
      key: values.key,
      runAfter: values.runAfter,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: jobs.key });
}

export async function findJob(db: Db, key: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}

/** Claims the next due job of these kinds (of one key, when given) until `leaseUntil`. */
export async function claimDueJob(
  db: Db,
  options: {
    now: Date;
    leaseUntil: Date;
    workerId: string;
    kinds: readonly string[];
    key?: string;
  },
): Promise<JobRow | undefined> {
  const { now } = options;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        isNull(jobs.parkedAt),
        lte(jobs.runAfter, now),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
        inArray(jobs.kind, [...options.kinds]),
        options.key === undefined ? undefined : eq(jobs.key, options.key),
      ),
    )
    .orderBy(asc(jobs.runAfter))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      lockedUntil: options.leaseUntil,
      claimedBy: options.workerId,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return row;
}

/** Extends our lease; false when it ran out and another worker may hold the job now. */
export async function renewLease(
  db: Db,
  holder: LeaseHolder,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: leaseUntil })
    .where(and(ours(holder), gt(jobs.lockedUntil, now), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Whether some worker holds the job right now. */
export async function jobIsLeased(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), gt(jobs.lockedUntil, now)));
  return rows.length > 0;
}

/**
 * Whether the job's next attempt is still to end: held under a lease, or restarted (attempts
 * back at 0) and due. A claim by another connection that has not committed yet is skipped by
 * claimDueJob (SKIP LOCKED) and not yet seen as a lease, so a waiter that only looked for a
 * lease could stop before that attempt began. An attempt that failed (a retry later) ends it.
 */
export async function jobInHand(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.key, key),
        isNull(jobs.doneAt),
        isNull(jobs.parkedAt),
        or(gt(jobs.lockedUntil, now), and(eq(jobs.attempts, 0), lte(jobs.runAfter, now))),
      ),
    );
  return rows.length > 0;
}

const ours = (holder: LeaseHolder) =>
  and(eq(jobs.id, holder.id), eq(jobs.claimedBy, holder.workerId));

export async function finishJob(db: Db, holder: LeaseHolder, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null, lastError: null })
    .where(ours(holder));
}

/**
 * Lets the job run again at `runAfter`. A failure spends its attempt; a deferral (waiting for
 * the provider is no failure) gives it back, and a periodic round starts a fresh budget.
 */
export async function rescheduleJob(
  db: Db,
  holder: LeaseHolder,
  values: { runAfter: Date; note: string | null; attempts: 'spent' | 'given-back' | 'reset' },
): Promise<void> {
  const attempts = {
    spent: sql`${jobs.attempts}`,
    'given-back': sql`greatest(${jobs.attempts} - 1, 0)`,
    reset: sql`0`,
  }[values.attempts];
  await db
    .update(jobs)
    .set({ runAfter: values.runAfter, lastError: values.note, lockedUntil: null, attempts })
    .where(ours(holder));
}

export async function parkJob(
  db: Db,
  holder: LeaseHolder,
  values: { now: Date; error: string },
): Promise<void> {
  await db
    .update(jobs)
    .set({ parkedAt: values.now, lastError: values.error, lockedUntil: null })
    .where(ours(holder));
}

/**
 * Makes the job of `key` due now as `kind`, with a fresh attempt budget, whatever state it
 * was in (a new row when there was none): for a job that turns into another (fulfil, then
 * refund) and for the operator. With `unlessLeased`, a job a live worker holds is left alone
 * (check and write are one statement, so no worker can claim it in between); false then.
 */
export async function restartJob(
  db: Db,
  values: { key: string; kind: string; now: Date; error?: string; unlessLeased?: boolean },
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
    isNull(jobs.lockedUntil),
    lte(jobs.lockedUntil, values.now),
    isNotNull(jobs.doneAt),
  );
  const written = await db
    .insert(jobs)
    .values({ key: values.key, createdAt: values.now, ...fresh })
    .onConflictDoUpdate({
      target: jobs.key,
      set: fresh,
      setWhere: values.unlessLeased ? idle : undefined,
    })
    .returning({ id: jobs.id });
  return written.length > 0;
}

/** A periodic job (its key is its kind's name) as the operator sees it. */
export interface PeriodicJobRow {
  name: string;
  claimedBy: string | null;
  runAfter: Date;
  lockedUntil: Date | null;
  lastError: string | null;
}

/** The periodic jobs, one row each whatever the number of instances, by name. */
export function listPeriodicJobs(db: Db): Promise<PeriodicJobRow[]> {
  return db
    .select({
      name: jobs.key,
      claimedBy: jobs.claimedBy,
      runAfter: jobs.runAfter,
      lockedUntil: jobs.lockedUntil,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(eq(jobs.key, jobs.kind))
    .orderBy(asc(jobs.key));
}
