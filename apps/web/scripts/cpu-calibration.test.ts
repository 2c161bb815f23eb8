import { describe, expect, it } from 'vitest';
import { benchmarkIndexOf, calibratedMultiplier } from './cpu-calibration.mjs';

describe('the CPU slowdown calibrated to the host', () => {
  it('makes this 2,500-index host about 5.7x slower, harsher than the default 4x', () => {
    expect(calibratedMultiplier(2500)).toBe(5.7);
  });

  it('is the default 4x on the desktop Lighthouse’s docs assume', () => {
    expect(calibratedMultiplier(1750)).toBe(4);
  });

  it('never speeds a slow host up', () => {
    expect(calibratedMultiplier(300)).toBe(1);
  });

  it('refuses what is not an index', () => {
    expect(() => calibratedMultiplier(0)).toThrow(/benchmarkIndex/);
    expect(() => calibratedMultiplier(Number.NaN)).toThrow(/benchmarkIndex/);
  });

  it('reads the index a report measured', () => {
    expect(benchmarkIndexOf({ environment: { benchmarkIndex: 2412.5 } })).toBe(2412.5);
    expect(benchmarkIndexOf({ environment: {} })).toBeUndefined();
    expect(benchmarkIndexOf(undefined)).toBeUndefined();
  });
});
