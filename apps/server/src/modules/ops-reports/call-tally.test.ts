import { describe, expect, it } from 'vitest';
import { createCallTally, HOUR_MS, KEEP_HOURS_MS } from './call-tally';
import type { CallHourCounts } from './repository';

/** A tally over a store in memory that can be made to fail, on a clock the test sets. */
function tallyAt(start: number) {
  let now = start;
  let failing = false;
  let pruneFailing = false;
  const rows: CallHourCounts[] = [];
  const warnings: string[] = [];
  const prunes: Date[] = [];
  const tally = createCallTally({
    clock: () => new Date(now),
    log: { warn: (_context: unknown, message?: string) => void warnings.push(message ?? '') },
    store: {
      add: async (counts) => {
        if (failing) throw new Error('database away');
        for (const count of counts) {
          const row = rows.find(
            (r) => r.service === count.service && r.hour.getTime() === count.hour.getTime(),
          );
          if (row) {
            row.ok += count.ok;
            row.failed += count.failed;
          } else rows.push({ ...count });
        }
      },
      since: async (since) => rows.filter((row) => row.hour >= since),
      prune: async (before) => {
        if (failing || pruneFailing) throw new Error('database away');
        prunes.push(before);
        rows.splice(0, rows.length, ...rows.filter((row) => row.hour >= before));
      },
    },
  });
  return {
    tally,
    rows,
    warnings,
    prunes,
    moveTo: (at: number) => {
      now = at;
    },
    fail: (on: boolean) => {
      failing = on;
    },
    failPrune: (on: boolean) => {
      pruneFailing = on;
    },
  };
}

const HOUR = Date.UTC(2026, 10, 27, 14);

describe('the hourly outside-call tally', () => {
  it('adds each call to its service and hour, failures apart from successes', async () => {
    const { tally, moveTo } = tallyAt(HOUR + 10 * 60_000);
    tally.count('esimGo', 'ok');
    tally.count('esimGo', '5xx');
    tally.count('esimGo', 'timeout');
    tally.count('gateway', 'ok');
    moveTo(HOUR + HOUR_MS + 1);
    tally.count('esimGo', 'ok');
    const rows = await tally.since(new Date(HOUR));
    expect(rows).toEqual([
      { service: 'esimGo', hour: new Date(HOUR), ok: 1, failed: 2 },
      { service: 'gateway', hour: new Date(HOUR), ok: 1, failed: 0 },
      { service: 'esimGo', hour: new Date(HOUR + HOUR_MS), ok: 1, failed: 0 },
    ]);
  });

  it('keeps the counts of a write that failed, and writes them with the next one', async () => {
    const { tally, rows, warnings, fail } = tallyAt(HOUR);
    fail(true);
    tally.count('esimGo', 'ok');
    tally.count('esimGo', '4xx');
    // Counting never waits for the store, nor fails with it.
    await tally.flush();
    expect(rows).toEqual([]);
    expect(warnings).toHaveLength(1);

    fail(false);
    tally.count('esimGo', 'ok');
    await tally.flush();
    expect(rows).toEqual([{ service: 'esimGo', hour: new Date(HOUR), ok: 2, failed: 1 }]);
    // Written once: a second flush has nothing left to add.
    await tally.flush();
    expect(rows[0]).toMatchObject({ ok: 2, failed: 1 });
  });

  it('keeps a month of hours: older rows go, at most one prune an hour', async () => {
    const { tally, rows, prunes, moveTo } = tallyAt(HOUR);
    rows.push({
      service: 'esimGo',
      hour: new Date(HOUR - KEEP_HOURS_MS - HOUR_MS),
      ok: 3,
      failed: 0,
    });
    rows.push({ service: 'esimGo', hour: new Date(HOUR - KEEP_HOURS_MS), ok: 2, failed: 0 });
    tally.count('gateway', 'ok');
    await tally.flush();
    expect(rows.map((row) => row.hour.getTime())).toEqual([HOUR - KEEP_HOURS_MS, HOUR]);
    moveTo(HOUR + 20 * 60_000);
    tally.count('gateway', 'ok');
    await tally.flush();
    expect(prunes).toHaveLength(1);
    moveTo(HOUR + HOUR_MS);
    tally.count('gateway', 'ok');
    await tally.flush();
    expect(prunes).toHaveLength(2);
  });

  it('never counts a call twice when pruning fails after the counts were written', async () => {
    const { tally, rows, warnings, failPrune } = tallyAt(HOUR);
    failPrune(true);
    tally.count('gateway', 'ok');
    await tally.flush();
    tally.count('gateway', 'ok');
    await tally.flush();
    expect(rows).toEqual([{ service: 'gateway', hour: new Date(HOUR), ok: 2, failed: 0 }]);
    expect(warnings).toEqual(['old hourly outside-call counts could not be pruned']);
  });
});
