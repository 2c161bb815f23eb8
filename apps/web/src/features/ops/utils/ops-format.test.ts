import { describe, expect, it } from 'vitest';
import { formatDuration, formatMoment, formatMoney, languageName, utcDay } from './ops-format';

describe('the console’s formats', () => {
  it('writes money in the order’s own currency, to the cent', () => {
    expect(formatMoney(12.5, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(12.5, 'EUR', 'fr')).toBe('12,50\u00a0€');
    expect(formatMoney(12.5, 'USD', 'ar')).toBe('\u2066$12.50\u2069');
  });

  it('writes moments to the second in UTC, named', () => {
    expect(formatMoment('2026-11-27T14:03:09.000Z', 'en')).toBe('Nov 27, 2026, 14:03:09 UTC');
  });

  it('names a day as the reconciliation does, in UTC', () => {
    expect(utcDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
  });

  it('writes a run’s length in seconds, to a tenth', () => {
    expect(formatDuration(12_340, 'en')).toBe('12.3 sec');
    expect(formatDuration(420, 'fr')).toBe('0,4\u202fs');
  });

  it('names a language in the operator’s own', () => {
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('ar', 'fr')).toBe('arabe');
  });
});
