import { describe, expect, it } from 'vitest';
import { describeDaysLeft, estimateRunOut, formatMegabytes, percentRemaining } from './data-usage';

describe('formatMegabytes', () => {
  it('divides bytes by 1,000,000, not by 1,048,576', () => {
    expect(formatMegabytes(1_000_000_000)).toBe('1,000 MB');
    expect(formatMegabytes(500_000_000)).toBe('500 MB');
  });

  it('keeps a decimal for small amounts and drops it for large ones', () => {
    expect(formatMegabytes(12_345_678)).toBe('12.3 MB');
    expect(formatMegabytes(250_000)).toBe('0.25 MB');
    expect(formatMegabytes(123_456_789)).toBe('123 MB');
  });

  it('shows nothing left as 0 MB, even for a negative reading', () => {
    expect(formatMegabytes(0)).toBe('0 MB');
    expect(formatMegabytes(-1)).toBe('0 MB');
  });
});

describe('percentRemaining', () => {
  it('is the share left, rounded, within 0 and 100', () => {
    expect(percentRemaining(1_000, 250)).toBe(25);
    expect(percentRemaining(3, 1)).toBe(33);
    expect(percentRemaining(1_000, 2_000)).toBe(100);
    expect(percentRemaining(1_000, -5)).toBe(0);
    expect(percentRemaining(0, 0)).toBe(0);
  });
});

describe('estimateRunOut', () => {
  const startedAt = new Date('2026-01-01T00:00:00Z');
  const day = 24 * 60 * 60 * 1000;

  it('projects the pace so far: a quarter used in a day leaves three days', () => {
    const estimate = estimateRunOut({
      initialBytes: 1_000_000_000,
      remainingBytes: 750_000_000,
      startedAt,
      readAt: new Date(startedAt.getTime() + day),
    });
    expect(estimate?.daysLeft).toBe(3);
    expect(estimate?.at.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(estimate?.outlastsPlan).toBe(false);
  });

  it('rounds days left down', () => {
    const estimate = estimateRunOut({
      initialBytes: 1_000,
      remainingBytes: 900,
      startedAt,
      readAt: new Date(startedAt.getTime() + 12 * 60 * 60 * 1000),
    });
    expect(estimate?.daysLeft).toBe(4); // 4.5 days at 100 bytes per half day
  });

  it('never runs past the plan’s end: a slow pace lasts until the plan ends', () => {
    // A 7-day plan started Jan 1 ends Jan 8; at a tenth used in a day the pace says Jan 11.
    const expiresAt = new Date(startedAt.getTime() + 7 * day);
    const readAt = new Date(startedAt.getTime() + day);
    const slow = estimateRunOut({
      initialBytes: 1_000,
      remainingBytes: 900,
      startedAt,
      readAt,
      expiresAt,
    });
    expect(slow).toEqual({ at: expiresAt, daysLeft: 6, outlastsPlan: true });

    const fast = estimateRunOut({
      initialBytes: 1_000,
      remainingBytes: 500,
      startedAt,
      readAt,
      expiresAt,
    });
    expect(fast).toEqual({
      at: new Date(startedAt.getTime() + 2 * day),
      daysLeft: 1,
      outlastsPlan: false,
    });
  });

  it('gives no estimate before any data is used or any time has passed', () => {
    const base = { initialBytes: 1_000, startedAt };
    expect(estimateRunOut({ ...base, remainingBytes: 1_000, readAt: new Date(day) })).toBe(
      undefined,
    );
    expect(estimateRunOut({ ...base, remainingBytes: 500, readAt: startedAt })).toBe(undefined);
    expect(
      estimateRunOut({ ...base, remainingBytes: 500, readAt: new Date(startedAt.getTime() - 1) }),
    ).toBe(undefined);
  });

  it('waits for a day of use or a tenth of the data before it forecasts (issue 26)', () => {
    const minutes = (count: number) => new Date(startedAt.getTime() + count * 60_000);
    const base = { initialBytes: 1_000_000_000, startedAt };
    // Minutes after the first connection, 5% used: no forecast, however fast it looks.
    expect(estimateRunOut({ ...base, remainingBytes: 950_000_000, readAt: minutes(5) })).toBe(
      undefined,
    );
    expect(
      estimateRunOut({ ...base, remainingBytes: 900_000_001, readAt: minutes(23 * 60 + 59) }),
    ).toBe(undefined);
    // A tenth used, even within minutes: the pace is real.
    expect(
      estimateRunOut({ ...base, remainingBytes: 900_000_000, readAt: minutes(5) })?.daysLeft,
    ).toBe(0);
    // A whole day of use, however little: the pace is real too.
    expect(
      estimateRunOut({ ...base, remainingBytes: 990_000_000, readAt: minutes(24 * 60) })?.daysLeft,
    ).toBe(99);
  });

  it('gives no estimate when the data is gone or unlimited', () => {
    const readAt = new Date(startedAt.getTime() + day);
    expect(estimateRunOut({ initialBytes: 1_000, remainingBytes: 0, startedAt, readAt })).toBe(
      undefined,
    );
    expect(estimateRunOut({ initialBytes: -1, remainingBytes: -1, startedAt, readAt })).toBe(
      undefined,
    );
  });
});

describe('describeDaysLeft', () => {
  it('reads naturally for under a day, one day and several', () => {
    expect(describeDaysLeft(0)).toBe('less than a day left');
    expect(describeDaysLeft(1)).toBe('about 1 day left');
    expect(describeDaysLeft(6)).toBe('about 6 days left');
  });
});
