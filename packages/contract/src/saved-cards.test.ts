import { describe, expect, it } from 'vitest';
import { cardShortName, schemeName } from './saved-cards';

describe('how a saved card is named, on the pages and in the e-mails alike', () => {
  it('writes the gateway’s scheme as people do, and keeps an unknown one as it came', () => {
    expect(schemeName('MASTERCARD')).toBe('Mastercard');
    expect(schemeName('AMEX')).toBe('American Express');
    expect(schemeName('DINERS_CLUB')).toBe('DINERS_CLUB');
  });

  it('gives the scheme and the last four digits, never more', () => {
    expect(cardShortName({ scheme: 'VISA', last4: '4242' })).toBe('Visa •••• 4242');
  });
});
