import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path';
import { profileApiPaths } from './profile';

describe('API path registry', () => {
  it('fills each parameter of the pattern in order, encoded', () => {
    const topup = apiPath('/api/plan/topup/:iccid/:destination');
    expect(topup.pattern).toBe('/api/plan/topup/:iccid/:destination');
    expect(topup.href('8944', 'Europe+ / Asia')).toBe(
      '/api/plan/topup/8944/Europe%2B%20%2F%20Asia',
    );
  });

  it('gives a path without parameters as it is', () => {
    expect(apiPath('/api/country/').href()).toBe('/api/country/');
  });

  it('lets a path add a query and defaults to its href', () => {
    expect(profileApiPaths.ledger.href('a+b@x.com', { skip: 0, limit: 100, search: '' })).toBe(
      '/api/ledger/public/client/a%2Bb%40x.com?skip=0&limit=100',
    );
    expect(profileApiPaths.esimQr.href('8944')).toBe('/api/esim/details/qr/8944/250');
    expect(profileApiPaths.ledgerEntryQr.href(7, 300)).toBe('/esim/qr/7?size=300');
  });
});
