import { parsePlanDetailsQuery } from '@tern/contract/plan-details';
import { describe, expect, it } from 'vitest';
import {
  countryNameIn,
  countryPlansLocation,
  homeCountryOf,
  planCountry,
} from './destination-checks';

describe('the checks before payment', () => {
  it('name the country of a country plan, none for a region', () => {
    expect(planCountry({ plc_iso: 'at', plc_name: 'Austria' })).toBe('AT');
    expect(planCountry({ plc_iso: 'Europe+', plc_name: 'Europe+' })).toBeUndefined();
  });

  it('take the home country from the mobile number, else from the browser', () => {
    expect(homeCountryOf('+33 6 12 34 56 78', ['en-US'])).toEqual({ iso: 'FR', from: 'mobile' });
    expect(homeCountryOf('', ['fr-FR'])).toEqual({ iso: 'FR', from: 'browser' });
    expect(homeCountryOf('', ['fr'])).toBeUndefined();
  });

  it("lead to a look-alike's plan page with the same purchase", () => {
    const regular = countryPlansLocation('AU', { type: 'Regular' });
    const [path, search] = regular.split('?');
    expect(path).toBe('/plan-details');
    expect(parsePlanDetailsQuery(new URLSearchParams(search))).toEqual({
      purchaseType: 'Regular',
      destination: { kind: 'country', iso: 'AU', name: 'Australia' },
    });
    const topUp = countryPlansLocation('AU', { type: 'Topup', iccid: '8944500000000000001' });
    expect(parsePlanDetailsQuery(new URLSearchParams(topUp.split('?')[1]))).toMatchObject({
      purchaseType: 'Topup',
      iccid: '8944500000000000001',
    });
  });

  it('name countries in the language, the shop’s own English names first', () => {
    expect(countryNameIn('CD', 'en')).toBe('Democratic Republic of the Congo');
    expect(countryNameIn('AU', 'fr')).toBe('Australie');
    expect(countryNameIn('AU', 'ar')).toBe('أستراليا');
  });
});
