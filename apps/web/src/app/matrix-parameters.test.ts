import { parsePlanDetailsQuery } from '@tern/contract/plan-details';
import { planDetailsQuery } from '@tern/contract/plan-details-link';
import { hrefTo, paths } from '@tern/contract/routes';
import { describe, expect, it } from 'vitest';
import { queryFormOfMatrixPath } from './matrix-parameters';

const franceData = '{"cou_id":75,"cou_iso":"FR","cou_name":"France","cou_favorit":1}';
const france = { kind: 'country', iso: 'FR', name: 'France' } as const;

/** What the plan-details page reads from the query form the router lands on. */
function planDetailsOf(queryPath: string | undefined) {
  const search = queryPath?.slice(queryPath.indexOf('?') + 1) ?? '';
  return parsePlanDetailsQuery(new URLSearchParams(search));
}

describe('matrix-parameter links', () => {
  it('turns a country link with the whole country object, encoded as Angular wrote it, into the query form', () => {
    // Angular's encodeUriSegment leaves ':' and ',' as they are.
    const data = encodeURIComponent(franceData).replaceAll('%3A', ':').replaceAll('%2C', ',');
    const path = `/plan-details;purchase_type=Regular;planType=Countries;data=${data}`;
    const queryPath = queryFormOfMatrixPath(path);
    expect(queryPath?.startsWith('/plan-details?')).toBe(true);
    expect(planDetailsOf(queryPath)).toEqual({ purchaseType: 'Regular', destination: france });
  });

  it('reads a country object typed without any encoding', () => {
    const path = `/plan-details;purchase_type=Regular;planType=Countries;data=${franceData}`;
    expect(planDetailsOf(queryFormOfMatrixPath(path))).toEqual({
      purchaseType: 'Regular',
      destination: france,
    });
  });

  it('reads a country object as the browser half-encodes it in the address bar', () => {
    const halfEncoded = franceData.replaceAll('"', '%22');
    const path = `/plan-details;purchase_type=Regular;planType=Countries;data=${halfEncoded}`;
    expect(planDetailsOf(queryFormOfMatrixPath(path))?.destination).toEqual(france);
  });

  it.each([
    ['as given', 'Europe+'],
    ['encoded', 'Europe%2B'],
  ])('keeps the plus of a region name %s', (_case, data) => {
    const path = `/plan-details;purchase_type=Regular;planType=Regions;data=${data}`;
    expect(planDetailsOf(queryFormOfMatrixPath(path))?.destination).toEqual({
      kind: 'region',
      name: 'Europe+',
    });
  });

  it('lands on the very link the shop gives out for the same plan', () => {
    const path = '/plan-details;purchase_type=Regular;planType=Regions;data=Europe%2B';
    const given = hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' }));
    expect(`#${queryFormOfMatrixPath(path)}`).toBe(given);
  });

  it('carries the ICCID of a top-up', () => {
    const iccid = '8943108170000012345';
    const path = `/plan-details;purchase_type=Topup;planType=Countries;data=${encodeURIComponent(franceData)};iccid=${iccid}`;
    expect(planDetailsOf(queryFormOfMatrixPath(path))).toEqual({
      purchaseType: 'Topup',
      destination: france,
      iccid,
    });
  });

  it('reads matrix parameters on any route, and keeps a query string already there', () => {
    expect(queryFormOfMatrixPath('/plans;iso=AE', '?from=footer')).toBe(
      '/plans?from=footer&iso=AE',
    );
    expect(queryFormOfMatrixPath('/plans;region=Europe%2B')).toBe('/plans?region=Europe%2B');
  });

  it('lets a matrix parameter replace a query parameter of the same name', () => {
    expect(queryFormOfMatrixPath('/plans;iso=FR', '?iso=AE')).toBe('/plans?iso=FR');
  });

  it('reads a parameter without a value, a stray semicolon and an empty path', () => {
    expect(queryFormOfMatrixPath('/faq;;open')).toBe('/faq?open=');
    expect(queryFormOfMatrixPath('/faq;')).toBe('/faq');
    expect(queryFormOfMatrixPath(';iso=FR')).toBe('/?iso=FR');
  });

  it('keeps a value that is not valid percent-encoding as it was typed', () => {
    expect(queryFormOfMatrixPath('/plans;note=100%')).toBe('/plans?note=100%25');
  });

  it('leaves a path without matrix parameters alone', () => {
    expect(queryFormOfMatrixPath('/plan-details', '?purchase_type=Regular')).toBeUndefined();
    expect(queryFormOfMatrixPath('/')).toBeUndefined();
  });
});
