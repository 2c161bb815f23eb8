/**
 * The one engine for durable work (decision 0035): fulfilment, refunds, the reconciler and the
 * usage alert poll are kinds of job on the jobs table. A worker claims a due job with a lease,
 * renews the lease while the step runs, and settles the job by the value the step answers:
 * done, deferred until a time (no attempt spent), or failed because (retried with back-off,
 * given up after the kind's last attempt). A periodic kind (a poll) is one job that runs
 * again `everyMs` after each round, so one instance at a time runs it, whatever their number.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { assertNever } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { JobRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import {
  claimDueJob,
  enqueueJob,
  finishJob,
  type LeaseHolder,
  parkJob,
  renewLease,
  rescheduleJob,
} from './repository';

// What modules may do to their jobs besides running them (a module reaches no repository).
export {
  claimDueJob,
  enqueueJob,
  findJob,
  jobInHand,
  jobIsLeased,
  listPeriodicJobs,
  type PeriodicJobRow,
  restartJob,
} from './repository';
export type { JobRow };

/** What a step answers: its outcome is a value, never an exception thrown after a side effect. */
export type JobOutcome =
  | { kind: 'done' }
  /** Waiting for someone else (the provider processing an order): runs again, attempt kept. */
  | { kind: 'deferred'; until: Date; reason: string }
  /** `final`: trying again cannot help (a permanent refusal), so the kind gives up now. */
  | { kind: 'failed'; reason: string; final?: boolean; cause?: unknown }
  /** The lease passed to another worker before a side effect: nothing was done, nothing to write. */
  | { kind: 'lease-lost' };

export const done: JobOutcome = { kind: 'done' };

/** A claimed job in a step's hands. */
export interface Lease {
  job: JobRow;
  /** Extends the lease before a side effect that must happen once (fencing); false: lost. */
  renew(): Promise<boolean>;
}

/** What a module registers for one kind of job. */
export interface JobKind {
  run(job: JobRow, lease: Lease): Promise<JobOutcome>;
  /** Attempts before `exhausted`; Infinity for work that is retried until it succeeds. */
  maxAttempts: number;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs: number;
  /** Periodic work: after each round the job runs again this long after. */
  everyMs?: number;
  /** Told of every failure before the engine retries or gives up (an audit event, a log). */
  failed?(job: JobRow, reason: string, cause: unknown): Promise<void>;
  /**
   * Out of attempts (or failed for good): 'park' waits for an operator (the default),
   * 'retry' goes on with back-off, 'handled' means the kind has rewritten the job itself.
   */
  exhausted?(job: JobRow, lease: Lease, reason: string): Promise<'park' | 'retry' | 'handled'>;
}

export interface JobEngineOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Names this worker on the jobs it claims; by default a name of its own. */
  workerId?: string;
  leaseMs: number;
  kinds: Readonly<Record<string, JobKind>>;
}

const DEFAULT_BATCH = 50;
const HOUR_MS = 60 * 60 * 1000;

export type JobEngine = ReturnType<typeof createJobEngine>;

export function createJobEngine(options: JobEngineOptions) {
  const { db, clock, log, leaseMs, kinds } = options;
  const workerId = options.workerId ?? newWorkerId();
  const kindNames = Object.keys(kinds);
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);

  /** Claims one due job (of this key, when given) and runs it; false when none was due. */
  async function claimAndRun(key?: string): Promise<boolean> {
    const now = clock();
    const job = await claimDueJob(db, {
      now,
      leaseUntil: leaseFrom(now),
      workerId,
      kinds: kindNames,
      ...(key === undefined ? {} : { key }),
    });
    if (!job) return false;
    await runClaimed(job);
    return true;
  }

  async function runClaimed(job: JobRow): Promise<void> {
    const kind = kinds[job.kind];
    if (!kind) throw new Error(`No kind ${job.kind} in this engine`);
    const holder: LeaseHolder = { id: job.id, workerId };
    const lease: Lease = {
      job,
      renew: () => {
        const now = clock();
        return renewLease(db, holder, now, leaseFrom(now));
      },
    };
    const outcome = await whileRenewing(lease, () => runStep(kind, job, lease));
    await settle(kind, job, lease, holder, outcome);
  }

  /** Keeps the lease while a long step runs, so a slow provider never hands the job on. */
  async function whileRenewing<T>(lease: Lease, step: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => {
      lease.renew().catch((error: unknown) => log.warn({ err: error }, 'lease renewal failed'));
    }, leaseMs / 3);
    timer.unref();
    try {
      return await step();
    } finally {
      clearInterval(timer);
    }
  }

  async function settle(
    kind: JobKind,
    job: JobRow,
    lease: Lease,
    holder: LeaseHolder,
    outcome: JobOutcome,
  ): Promise<void> {
    switch (outcome.kind) {
      case 'done':
        if (kind.everyMs === undefined) return finishJob(db, holder, clock());
        return rescheduleJob(db, holder, {
          runAfter: new Date(clock().getTime() + kind.everyMs),
          note: null,
          attempts: 'reset',
        });
      case 'deferred':
        return rescheduleJob(db, holder, {
          runAfter: outcome.until,
          note: outcome.reason,
          attempts: 'given-back',
        });
      case 'failed':
        return afterFailure(kind, job, lease, holder, outcome);
      case 'lease-lost':
        log.warn({ job: job.key, kind: job.kind }, 'lost the lease on a job; left it alone');
        return;
      default:
        return assertNever(outcome, 'job outcome');
    }
  }

  async function afterFailure(
    kind: JobKind,
    job: JobRow,
    lease: Lease,
    holder: LeaseHolder,
    failure: Extract<JobOutcome, { kind: 'failed' }>,
  ): Promise<void> {
    log.warn(
      { err: failure.cause, job: job.key, kind: job.kind, attempt: job.attempts },
      'job attempt failed',
    );
    await kind.failed?.(job, failure.reason, failure.cause);
    const exhausted = failure.final === true || job.attempts >= kind.maxAttempts;
    const next = exhausted
      ? ((await kind.exhausted?.(job, lease, failure.reason)) ?? 'park')
      : 'retry';
    switch (next) {
      case 'park':
        return parkJob(db, holder, { now: clock(), error: failure.reason });
      case 'retry': {
        const delay = Math.min(
          retryDelayMs(kind.retryBaseMs, job.attempts),
          kind.everyMs ?? HOUR_MS,
        );
        const runAfter = new Date(clock().getTime() + delay);
        return rescheduleJob(db, holder, { runAfter, note: failure.reason, attempts: 'spent' });
      }
      case 'handled':
        return;
      default:
        return assertNever(next, 'exhausted answer');
    }
  }

  /** Makes sure each periodic kind has its one job; the first round is due now. */
  async function schedulePeriodic(): Promise<void> {
    const now = clock();
    for (const [name, kind] of Object.entries(kinds)) {
      if (kind.everyMs !== undefined) {
        await enqueueJob(db, { kind: name, key: name, runAfter: now, now });
      }
    }
  }

  /** Runs due jobs until none is left or `limit` ran; returns how many ran. */
  async function runDueJobs(limit = DEFAULT_BATCH): Promise<number> {
    let ran = 0;
    while (ran < limit && (await claimAndRun())) ran += 1;
    return ran;
  }

  let scheduled = false;
  return {
    claimAndRun,
    runDueJobs,
    schedulePeriodic,
    /** A background worker's round: the periodic jobs made sure of once, then what is due. */
    async runBackgroundRound(): Promise<number> {
      if (!scheduled) {
        await schedulePeriodic();
        scheduled = true;
      }
      return runDueJobs();
    },
    /** Runs the job of `key` now, if due and free, up to `claims` times (it may change kind). */
    async runJob(key: string, claims = 1): Promise<void> {
      for (let claim = 0; claim < claims; claim += 1) {
        if (!(await claimAndRun(key))) return;
      }
    },
  };
}

/** Host, process and a random part: two engines, even in one process, never share a lease. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** A step that throws (a fault before any side effect) failed because of what it threw. */
async function runStep(kind: JobKind, job: JobRow, lease: Lease): Promise<JobOutcome> {
  try {
    return await kind.run(job, lease);
  } catch (error) {
    return { kind: 'failed', reason: reasonOf(error), cause: error };
  }
}

/** Base, 2 x base, 4 x base… capped, so a long outage still retries now and then. */
export function retryDelayMs(baseMs: number, attempt: number, capMs = HOUR_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), capMs);
}

export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
