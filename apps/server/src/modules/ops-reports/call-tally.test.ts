import { describe, expect, it } from 'vitest';
import { createCallTally, HOUR_MS } from './call-tally';
import type { CallHourCounts } from './repository';

/** A tally over a store in memory that can be made to fail, on a clock the test sets. */
function tallyAt(start: number) {
  let now = start;
  let failing = false;
  const rows: CallHourCounts[] = [];
  const warnings: string[] = [];
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
    },
  });
  return {
    tally,
    rows,
    warnings,
    moveTo: (at: number) => {
      now = at;
    },
    fail: (on: boolean) => {
      failing = on;
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
});
