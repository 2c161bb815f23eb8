import { describe, expect, it } from 'vitest';
import { monthOf, runsLow } from './auto-topups';

const now = new Date('2026-11-27T12:00:00Z');
const reading = {
  iccid: '8944000000000000017',
  bundleName: 'esim_1GB_7D_FR_V2',
  assignmentId: 'a1',
  initialBytes: 1_000_000_000,
  remainingBytes: 100_000_000,
  unlimited: false,
  endTime: '2026-12-01T00:00:00Z',
  state: 'active',
};

describe('when a bundle runs low enough for an automatic top-up', () => {
  it('is at or under the share of data left the buyer chose', () => {
    expect(runsLow(reading, 10, now)).toBe(true);
    expect(runsLow({ ...reading, remainingBytes: 100_000_001 }, 10, now)).toBe(false);
    expect(runsLow({ ...reading, remainingBytes: 0 }, 10, now)).toBe(true);
  });

  it('takes a callback’s reading (no state) as a bundle in use', () => {
    expect(runsLow({ ...reading, state: undefined }, 10, now)).toBe(true);
  });

  it('never for a bundle not in use, past its last day, or unlimited', () => {
    for (const state of ['depleted', 'expired', 'queued', 'revoked']) {
      expect(runsLow({ ...reading, state }, 10, now), state).toBe(false);
    }
    expect(runsLow({ ...reading, endTime: '2026-11-27T11:59:59Z' }, 10, now)).toBe(false);
    expect(runsLow({ ...reading, unlimited: true, initialBytes: -1 }, 10, now)).toBe(false);
  });
});

describe('the month an automatic top-up counts in', () => {
  it('is the UTC calendar month', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });
});
