/**
 * The job engine on the real database (PGlite, and PostgreSQL when the suite runs there): a
 * lease is one worker's, taken over once it ran out, retries back off, the last attempt parks,
 * and a periodic job runs on one instance at a time. Time is the engine's clock, moved by hand.
 */
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import {
  claimDueJob,
  createJobEngine,
  done,
  enqueueJob,
  findJob,
  type JobKind,
  type JobOutcome,
} from '../src/jobs/engine';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

let database: TestDatabase;
const db = () => database.db;
const log = pino({ level: 'silent' });
const LEASE_MS = 60_000;
const START = new Date('2026-11-27T10:00:00Z');
let now = START;
const clock = () => now;
const later = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.dispose());
beforeEach(async () => {
  now = START;
  await db().delete(jobs);
});

/** A kind whose step answers what `answers` says next, and counts its runs. */
function scripted(
  answers: (() => JobOutcome | Promise<JobOutcome>)[],
  extra: Partial<JobKind> = {},
): JobKind & { runs: number } {
  const kind: JobKind & { runs: number } = {
    runs: 0,
    run: async (): Promise<JobOutcome> => {
      const answer = answers[Math.min(kind.runs, answers.length - 1)];
      kind.runs += 1;
      if (!answer) throw new Error('no answer scripted');
      return answer();
    },
    maxAttempts: 3,
    retryBaseMs: 1000,
    ...extra,
  };
  return kind;
}

const engineOf = (kinds: Record<string, JobKind>, workerId = 'worker-a') =>
  createJobEngine({ db: db(), clock, log, workerId, leaseMs: LEASE_MS, kinds });

describe('claiming', () => {
  it('hands a due job to one claimer only', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        claimDueJob(db(), {
          now,
          leaseUntil: later(LEASE_MS),
          workerId: `w${index}`,
          kinds: ['mail'],
        }),
      ),
    );
    expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1);
  });

  it('keeps one job per key however often it is enqueued', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    expect(await db().select().from(jobs)).toHaveLength(1);
  });

  it('lets another worker take a job over once its lease ran out, not before', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    const dead = await claimDueJob(db(), {
      now,
      leaseUntil: later(LEASE_MS),
      workerId: 'dead',
      kinds: ['mail'],
    });
    expect(dead).toBeDefined();
    const kind = scripted([() => done]);
    const engine = engineOf({ mail: kind });
    now = later(LEASE_MS - 1);
    expect(await engine.claimAndRun()).toBe(false);
    now = later(1);
    expect(await engine.claimAndRun()).toBe(true);
    expect(kind.runs).toBe(1);
    expect((await findJob(db(), 'mail:1'))?.doneAt).toEqual(now);
  });

  it('leaves a job alone when its lease passed to another worker mid-step', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    let renewed: boolean | undefined;
    const engine = engineOf({
      mail: scripted([]),
    });
    const slow = engineOf(
      {
        mail: {
          maxAttempts: 3,
          retryBaseMs: 1000,
          run: async (_job, lease) => {
            now = later(LEASE_MS);
            expect(await engine.claimAndRun()).toBe(true);
            renewed = await lease.renew();
            return renewed ? done : { kind: 'lease-lost' };
          },
        },
      },
      'worker-b',
    );
    expect(await slow.claimAndRun()).toBe(true);
    expect(renewed).toBe(false);
    const job = await findJob(db(), 'mail:1');
    expect(job?.claimedBy).toBe('worker-a');
    expect(job?.doneAt).toBeNull();
  });
});

describe('settling a step by its outcome', () => {
  it('retries a failure with back-off, then parks it after the last attempt', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    const kind = scripted([() => ({ kind: 'failed', reason: 'mail server down' })]);
    const engine = engineOf({ mail: kind });
    expect(await engine.claimAndRun()).toBe(true);
    expect((await findJob(db(), 'mail:1'))?.runAfter).toEqual(later(1000));
    now = later(999);
    expect(await engine.claimAndRun()).toBe(false);
    now = later(1);
    expect(await engine.claimAndRun()).toBe(true);
    expect((await findJob(db(), 'mail:1'))?.runAfter).toEqual(later(2000));
    now = later(2000);
    expect(await engine.claimAndRun()).toBe(true);
    const parked = await findJob(db(), 'mail:1');
    expect(parked?.parkedAt).toEqual(now);
    expect(parked?.lastError).toBe('mail server down');
    now = later(3_600_000);
    expect(await engine.claimAndRun()).toBe(false);
    expect(kind.runs).toBe(3);
  });

  it('counts a thrown fault as a failure', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    const failures: string[] = [];
    const engine = engineOf({
      mail: scripted([() => Promise.reject(new Error('socket hang up'))], {
        failed: async (_job, reason) => {
          failures.push(reason);
        },
      }),
    });
    await engine.claimAndRun();
    expect(failures).toEqual(['socket hang up']);
    expect((await findJob(db(), 'mail:1'))?.lastError).toBe('socket hang up');
  });

  it('gives up at once on a final failure, as the kind says', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    const engine = engineOf({
      mail: scripted([() => ({ kind: 'failed', reason: 'refused', final: true })], {
        exhausted: async () => 'retry',
      }),
    });
    await engine.claimAndRun();
    const job = await findJob(db(), 'mail:1');
    expect(job?.parkedAt).toBeNull();
    expect(job?.runAfter).toEqual(later(1000));
  });

  it('runs a deferred job again at its time without spending an attempt', async () => {
    await enqueueJob(db(), { kind: 'mail', key: 'mail:1', runAfter: now, now });
    const kind = scripted([
      () => ({ kind: 'deferred', until: later(10_000), reason: 'still processing' }),
      () => done,
    ]);
    const engine = engineOf({ mail: kind });
    await engine.claimAndRun();
    const waiting = await findJob(db(), 'mail:1');
    expect(waiting?.attempts).toBe(0);
    expect(waiting?.lastError).toBe('still processing');
    now = later(9_999);
    expect(await engine.claimAndRun()).toBe(false);
    now = later(1);
    expect(await engine.claimAndRun()).toBe(true);
    expect((await findJob(db(), 'mail:1'))?.doneAt).toEqual(now);
  });
});

describe('periodic work', () => {
  it('runs on one instance at a time, again every interval', async () => {
    const poll = scripted([() => done], { maxAttempts: Number.POSITIVE_INFINITY, everyMs: 30_000 });
    const first = engineOf({ poll }, 'instance-1');
    const second = engineOf({ poll }, 'instance-2');
    const ran = await Promise.all([first.runBackgroundRound(), second.runBackgroundRound()]);
    expect(ran[0] + ran[1]).toBe(1);
    now = later(29_999);
    const early = await Promise.all([first.runBackgroundRound(), second.runBackgroundRound()]);
    expect(early).toEqual([0, 0]);
    now = later(1);
    expect((await first.runBackgroundRound()) + (await second.runBackgroundRound())).toBe(1);
    expect(poll.runs).toBe(2);
    expect(await db().select().from(jobs)).toHaveLength(1);
  });

  it('retries a failed round no later than its next one, and never parks it', async () => {
    const poll = scripted([() => ({ kind: 'failed', reason: 'provider down' })], {
      maxAttempts: Number.POSITIVE_INFINITY,
      retryBaseMs: 60_000,
      everyMs: 30_000,
    });
    const engine = engineOf({ poll });
    await engine.schedulePeriodic();
    for (let round = 0; round < 5; round += 1) {
      expect(await engine.runDueJobs()).toBe(1);
      now = later(30_000);
    }
    expect((await findJob(db(), 'poll'))?.parkedAt).toBeNull();
  });
});
