import { describe, expect, it } from 'vitest';
import { parsePlanDetailsQuery } from './plan-details';
import { esimDestination, topupHref } from './topup-link';

const iccid = '8944500102198304826';

/** What the plan-details page reads from a Topup link. */
function parsed(href: string | undefined) {
  const query = href?.split('?')[1];
  return query === undefined ? undefined : parsePlanDetailsQuery(new URLSearchParams(query));
}

describe('esimDestination', () => {
  it('reads a two-letter code as a country', () => {
    expect(esimDestination('fr', 'France')).toEqual({ kind: 'country', iso: 'FR', name: 'France' });
  });

  it("reads a region's name as the region, from the code or the name", () => {
    expect(esimDestination('Europe+', 'Europe+')).toEqual({ kind: 'region', name: 'Europe+' });
    expect(esimDestination('', 'Middle East')).toEqual({ kind: 'region', name: 'Middle East' });
  });

  it('knows no destination for anything else', () => {
    expect(esimDestination('Atlantis', 'Atlantis')).toBe(undefined);
  });
});

describe('topupHref', () => {
  it('leads to the country plans as a Topup of this eSIM', () => {
    const href = topupHref({ iccid, iso: 'FR', country: 'France' });
    expect(href?.startsWith('#/plan-details?')).toBe(true);
    expect(parsed(href)).toEqual({
      purchaseType: 'Topup',
      destination: { kind: 'country', iso: 'FR', name: 'France' },
      iccid,
    });
  });

  it('leads to the region plans for a regional eSIM', () => {
    expect(parsed(topupHref({ iccid, iso: 'Europe+', country: 'Europe+' }))).toEqual({
      purchaseType: 'Topup',
      destination: { kind: 'region', name: 'Europe+' },
      iccid,
    });
  });

  it('has no link when the destination is unknown', () => {
    expect(topupHref({ iccid, iso: '', country: '' })).toBe(undefined);
  });
});
