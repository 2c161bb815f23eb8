import { describe, expect, it } from 'vitest';
import { type AssignmentTerms, TYPICAL_DAILY_USE_BYTES, usageOf } from './usage';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const assignedAt = new Date('2030-01-01T00:00:00Z');
const at = (offsetMs: number) => new Date(assignedAt.getTime() + offsetMs);

const oneGb: AssignmentTerms = { id: 1, initialBytes: 1e9, durationDays: 10, assignedAt };
const unlimited: AssignmentTerms = { id: 2, initialBytes: -1, durationDays: 3, assignedAt };

describe('usageOf', () => {
  it('keeps a new bundle processing for its first minute, untouched', () => {
    const [usage] = usageOf([oneGb], at(30_000));
    expect(usage).toMatchObject({ state: 'processing', remainingBytes: 1e9 });
  });

  it('uses a fixed bundle up evenly over 80% of its duration', () => {
    const start = 60_000;
    expect(usageOf([oneGb], at(start + 4 * DAY))[0]).toMatchObject({
      state: 'active',
      remainingBytes: 5e8,
    });
    expect(usageOf([oneGb], at(start + 8 * DAY))[0]).toMatchObject({
      state: 'depleted',
      remainingBytes: 0,
    });
  });

  it('uses a big bundle at a typical day’s pace, so it expires with data left', () => {
    const twentyGb: AssignmentTerms = { id: 5, initialBytes: 20e9, durationDays: 30, assignedAt };
    const start = 60_000;
    expect(usageOf([twentyGb], at(start + 2 * DAY))[0]).toMatchObject({
      state: 'active',
      remainingBytes: 20e9 - 2 * TYPICAL_DAILY_USE_BYTES,
    });
    expect(usageOf([twentyGb], at(start + 30 * DAY))[0]).toMatchObject({
      state: 'expired',
      remainingBytes: 20e9 - 30 * TYPICAL_DAILY_USE_BYTES,
    });
  });

  it('ends a bundle’s duration counted from its start, not from its assignment', () => {
    const [usage] = usageOf([oneGb], at(DAY));
    expect(usage?.startsAt).toEqual(at(60_000));
    expect(usage?.expiresAt).toEqual(at(60_000 + 10 * DAY));
  });

  it('calls a used-up bundle expired once its duration is over', () => {
    expect(usageOf([oneGb], at(60_000 + 10 * DAY))[0]).toMatchObject({
      state: 'expired',
      remainingBytes: 0,
    });
  });

  it('never reports an active bundle with nothing left', () => {
    const [usage] = usageOf([oneGb], at(60_000 + 8 * DAY - 1));
    expect(usage?.state).toBe('active');
    expect(usage?.remainingBytes).toBeGreaterThan(0);
  });

  it('keeps an unlimited bundle at -1 until it expires after its duration', () => {
    expect(usageOf([unlimited], at(2 * DAY))[0]).toMatchObject({
      state: 'active',
      remainingBytes: -1,
    });
    expect(usageOf([unlimited], at(3 * DAY + 60_000))[0]?.state).toBe('expired');
  });

  it('queues a second bundle until the first one ends', () => {
    const topUp: AssignmentTerms = { ...oneGb, id: 3, assignedAt: at(HOUR) };
    const during = usageOf([topUp, oneGb], at(2 * DAY));
    expect(during.map((usage) => [usage.id, usage.state])).toEqual([
      [1, 'active'],
      [3, 'queued'],
    ]);
    const after = usageOf([oneGb, topUp], at(9 * DAY));
    expect(after.map((usage) => usage.state)).toEqual(['depleted', 'active']);
    expect(after[1]?.startsAt).toEqual(after[0]?.endsAt);
  });

  it('starts a later bundle after its own first minute once the earlier one has ended', () => {
    const late: AssignmentTerms = { ...oneGb, id: 4, assignedAt: at(20 * DAY) };
    const [, usage] = usageOf([oneGb, late], at(20 * DAY + 30_000));
    expect(usage?.state).toBe('processing');
  });
});

describe('usageOf with the usage control', () => {
  const started = at(HOUR);

  it('leaves the share the control did not use', () => {
    const [usage] = usageOf([{ ...oneGb, usedPercent: 80 }], started);
    expect(usage).toMatchObject({ state: 'active', remainingBytes: 2e8 });
  });

  it('keeps the clock’s use when it went further than the control', () => {
    const [usage] = usageOf([{ ...oneGb, usedPercent: 1 }], at(60_000 + 4 * DAY));
    expect(usage).toMatchObject({ state: 'active', remainingBytes: 5e8 });
  });

  it('depletes a bundle used to 100% and lets the next one start', () => {
    const topUp: AssignmentTerms = { ...oneGb, id: 3, assignedAt: at(HOUR) };
    const [first, second] = usageOf([{ ...oneGb, usedPercent: 100 }, topUp], at(2 * HOUR));
    expect(first).toMatchObject({ state: 'depleted', remainingBytes: 0 });
    expect(second).toMatchObject({ state: 'active' });
  });

  it('changes nothing before the bundle starts', () => {
    const [usage] = usageOf([{ ...oneGb, usedPercent: 50 }], at(30_000));
    expect(usage).toMatchObject({ state: 'processing', remainingBytes: 1e9 });
  });
});
