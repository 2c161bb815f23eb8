import { describe, expect, it } from 'vitest';
import { parsePlanDetailsQuery } from './plan-details';
import { planDetailsQuery } from './plan-details-link';
import { hrefTo, paths } from './routes';

const france = { kind: 'country', iso: 'FR', name: 'France' } as const;

describe('plan-details URL parameters', () => {
  it('round-trips a country through the URL', () => {
    const query = planDetailsQuery(france);
    expect(query).toEqual({
      purchase_type: 'Regular',
      planType: 'Countries',
      data: '{"cou_iso":"FR","cou_name":"France"}',
    });
    const href = hrefTo(paths.planDetails, query);
    const search = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(parsePlanDetailsQuery(search)).toEqual({
      purchaseType: 'Regular',
      destination: france,
    });
  });

  it('round-trips a region whose name needs encoding', () => {
    const href = hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' }));
    expect(href).toContain('data=Europe%2B');
    const search = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(parsePlanDetailsQuery(search)?.destination).toEqual({
      kind: 'region',
      name: 'Europe+',
    });
  });

  it('reads the whole country object the older landing sent, and upper-cases the code', () => {
    const data = JSON.stringify({ cou_id: 1, cou_iso: 'fr', cou_name: 'France', cou_favorit: 1 });
    expect(
      parsePlanDetailsQuery({ purchase_type: 'Regular', planType: 'Countries', data }),
    ).toEqual({ purchaseType: 'Regular', destination: france });
  });

  it('accepts a region name as the plan type, as older links have it', () => {
    expect(
      parsePlanDetailsQuery({ purchase_type: 'Regular', planType: 'Asia', data: 'Asia' })
        ?.destination,
    ).toEqual({ kind: 'region', name: 'Asia' });
  });

  it('carries the ICCID of a top-up, and drops one on a regular purchase', () => {
    const iccid = '8943108170000012345';
    const topup = planDetailsQuery(france, { purchaseType: 'Topup', iccid });
    expect(parsePlanDetailsQuery(topup)).toEqual({
      purchaseType: 'Topup',
      destination: france,
      iccid,
    });
    expect(parsePlanDetailsQuery({ ...planDetailsQuery(france), iccid })).toEqual({
      purchaseType: 'Regular',
      destination: france,
    });
  });

  it.each([
    ['no parameters', {}],
    ['an unknown purchase type', { purchase_type: 'Free', planType: 'Regions', data: 'Asia' }],
    ['a country that is not JSON', { purchase_type: 'Regular', planType: 'Countries', data: 'FR' }],
    [
      'a country code of three letters',
      { purchase_type: 'Regular', planType: 'Countries', data: '{"cou_iso":"FRA","cou_name":"F"}' },
    ],
    [
      'a country without a name',
      { purchase_type: 'Regular', planType: 'Countries', data: '{"cou_iso":"FR"}' },
    ],
    ['an unknown region', { purchase_type: 'Regular', planType: 'Regions', data: 'Atlantis' }],
    ['an unknown plan type', { purchase_type: 'Regular', planType: 'Moon', data: 'Asia' }],
    ['a top-up without an ICCID', { purchase_type: 'Topup', planType: 'Regions', data: 'Asia' }],
    [
      'a top-up with a malformed ICCID',
      { purchase_type: 'Topup', planType: 'Regions', data: 'Asia', iccid: '12ab' },
    ],
  ])('refuses %s', (_case, query: Record<string, string>) => {
    expect(parsePlanDetailsQuery(query)).toBeUndefined();
  });
});
