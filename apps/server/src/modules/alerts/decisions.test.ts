import { describe, expect, it } from 'vitest';
import { alertsDue, type BundleReading, bundleKeyOf, bundleNameOfKey } from './decisions';

const now = new Date('2030-01-05T12:00:00Z');
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

const oneGb: BundleReading = {
  iccid: '8944000000000000017',
  bundleName: 'esim_1GB_7D_FR_V2',
  assignmentId: '42',
  initialBytes: 1_000_000_000,
  remainingBytes: 600_000_000,
  unlimited: false,
  endTime: hoursFromNow(72),
};

describe('alertsDue', () => {
  it('calls for nothing while less than 80% is used and the end is days away', () => {
    expect(alertsDue(oneGb, now)).toEqual([]);
  });

  it('calls for the 80% alert at exactly 80% used, and beyond', () => {
    expect(alertsDue({ ...oneGb, remainingBytes: 200_000_000 }, now)).toEqual(['used_80']);
    expect(alertsDue({ ...oneGb, remainingBytes: 200_000_001 }, now)).toEqual([]);
    expect(alertsDue({ ...oneGb, remainingBytes: 1 }, now)).toEqual(['used_80']);
  });

  it('calls a bundle with nothing left used up, and nothing else', () => {
    expect(alertsDue({ ...oneGb, remainingBytes: 0, endTime: hoursFromNow(2) }, now)).toEqual([
      'used_up',
    ]);
    expect(alertsDue({ ...oneGb, remainingBytes: 10, state: 'depleted' }, now)).toEqual([
      'used_up',
    ]);
  });

  it('calls for the expiry alert once the bundle ends within 24 hours', () => {
    expect(alertsDue({ ...oneGb, endTime: hoursFromNow(24) }, now)).toEqual(['expiring']);
    expect(alertsDue({ ...oneGb, endTime: hoursFromNow(24.01) }, now)).toEqual([]);
    expect(alertsDue({ ...oneGb, endTime: hoursFromNow(-1) }, now)).toEqual([]);
  });

  it('can call for the 80% and the expiry alerts together', () => {
    const reading = { ...oneGb, remainingBytes: 100_000_000, endTime: hoursFromNow(3) };
    expect(alertsDue(reading, now)).toEqual(['used_80', 'expiring']);
  });

  it('tells an unlimited bundle only that it ends soon', () => {
    const unlimited = { ...oneGb, initialBytes: -1, remainingBytes: -1, unlimited: true };
    expect(alertsDue(unlimited, now)).toEqual([]);
    expect(alertsDue({ ...unlimited, endTime: hoursFromNow(5) }, now)).toEqual(['expiring']);
  });

  it('leaves bundles alone that are not in use: queued, expired, revoked', () => {
    for (const state of ['processing', 'queued', 'expired', 'revoked', 'lapsed']) {
      expect(alertsDue({ ...oneGb, remainingBytes: 0, state }, now)).toEqual([]);
    }
  });
});

describe('bundle keys', () => {
  it('name one use of a bundle, and give its bundle name back', () => {
    const key = bundleKeyOf(oneGb);
    expect(key).toBe('esim_1GB_7D_FR_V2#42');
    expect(bundleKeyOf({ ...oneGb, assignmentId: '43' })).not.toBe(key);
    expect(bundleNameOfKey(key)).toBe('esim_1GB_7D_FR_V2');
  });
});
