import { describe, expect, it } from 'vitest';
import { describeNetwork, fairUseNote, fastestSpeed, formatSpeedLimit } from './plan-facts';

describe('plan facts in the shop words', () => {
  it('names the fastest generation a plan or network reaches', () => {
    expect(fastestSpeed(['2G', '3G', '4G', '5G'])).toBe('5G');
    expect(fastestSpeed(['4G', 'LTE', '3G'])).toBe('4G');
    expect(fastestSpeed([])).toBeUndefined();
  });

  it('keeps a speed it does not know as the provider wrote it', () => {
    expect(fastestSpeed(['4G+'])).toBe('4G+');
    expect(fastestSpeed(['4G+', '3G'])).toBe('3G');
  });

  it('names a network with its fastest speed, or alone when none is given', () => {
    expect(describeNetwork({ name: 'Orange', speeds: ['4G', '5G'] })).toBe('Orange (5G)');
    expect(describeNetwork({ name: 'Digicel', speeds: [] })).toBe('Digicel');
  });

  it('writes speed limits in kbps below a megabit and in Mbps above', () => {
    expect(formatSpeedLimit(512)).toBe('512 kbps');
    expect(formatSpeedLimit(1250)).toBe('1.25 Mbps');
    expect(formatSpeedLimit(2000)).toBe('2 Mbps');
  });

  it('says how much full-speed data a day an unlimited plan gives, and the speed after', () => {
    expect(fairUseNote({ daily_full_speed_mb: 1000, reduced_speed_kbps: 1250 })).toBe(
      'Full speed for the first 1 GB each day, then up to 1.25 Mbps',
    );
    expect(fairUseNote({ daily_full_speed_mb: 500, reduced_speed_kbps: 512 })).toBe(
      'Full speed for the first 500 MB each day, then up to 512 kbps',
    );
  });
});
