/**
 * Durable work of every module, in one table (decision 0035): a job is claimed with a lease,
 * retried with back-off, parked after its last attempt, and a periodic one (a poll, the
 * reconciler) runs on one instance at a time. The key names the job's subject ('order:42',
 * 'reconcile'), one live row per key: enqueueing again changes nothing.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What runs: the name a module registered its step under ('fulfil', 'reconcile'…). */
    kind: text('kind').notNull(),
    /** What it runs on; a job may change kind (fulfil, then refund) but keeps its key. */
    key: text('key').notNull().unique(),
    runAfter: moment('run_after').notNull(),
    /** Attempts of the current kind; a deferral gives its attempt back. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A claim is a lease: a worker that dies lets it run out and another one takes over. */
    lockedUntil: moment('locked_until'),
    claimedBy: text('claimed_by'),
    /** Out of attempts: waits for an operator. */
    parkedAt: moment('parked_at'),
    doneAt: moment('done_at'),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [index('jobs_due_idx').on(table.runAfter)],
);

export type JobRow = typeof jobs.$inferSelect;
