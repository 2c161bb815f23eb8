import { describe, expect, it } from 'vitest';
import { formatNetworks, formatPrice, planFacts } from './plan-format';

const francePlan = {
  plc_name: 'France',
  coverage: 1,
  pla_networks: [
    { name: 'Orange', speeds: ['3G', '4G', '5G'] },
    { name: 'Bouygues Telecom', speeds: ['3G', '4G'] },
  ],
  pla_speeds: ['3G', '4G', '5G'],
  pla_fair_use: null,
  pla_autostart: true,
};

describe('plan card texts', () => {
  it('shows prices with a dollar sign and two decimals', () => {
    expect(formatPrice(4.99)).toBe('$ 4.99');
    expect(formatPrice(12)).toBe('$ 12.00');
  });

  it('names each network with its fastest speed', () => {
    expect(formatNetworks(francePlan.pla_networks)).toBe('Orange (5G), Bouygues Telecom (4G)');
  });

  it("tells a country plan's networks there, and that it starts on first connection", () => {
    expect(planFacts(francePlan)).toEqual([
      { kind: 'networks', text: 'Networks in France: Orange (5G), Bouygues Telecom (4G)' },
      { kind: 'start', text: 'Starts when you first connect in a covered country' },
    ]);
  });

  it("tells an unlimited plan's daily full-speed allowance and the speed after it", () => {
    const unlimited = {
      ...francePlan,
      pla_fair_use: { daily_full_speed_mb: 1000, reduced_speed_kbps: 1250 },
    };
    expect(planFacts(unlimited)).toContainEqual({
      kind: 'fair-use',
      text: 'Full speed for the first 1 GB each day, then up to 1.25 Mbps',
    });
  });

  it('tells a regional plan its country count and top speed, its networks being per country', () => {
    const regional = { ...francePlan, plc_name: 'Europe+', coverage: 41, pla_networks: [] };
    expect(planFacts(regional)).toEqual([
      { kind: 'coverage', text: 'Works in 41 countries' },
      { kind: 'speed', text: 'Up to 5G' },
      { kind: 'start', text: 'Starts when you first connect in a covered country' },
    ]);
  });

  it('says nothing the provider does not say', () => {
    const silent = { ...francePlan, pla_networks: [], pla_speeds: [], pla_autostart: false };
    expect(planFacts(silent)).toEqual([]);
  });
});
