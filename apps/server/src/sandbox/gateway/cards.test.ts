import { describe, expect, it } from 'vitest';
import {
  type CardForm,
  cardBrand,
  cardMessages,
  checkCard,
  parseExpiry,
  passesLuhn,
} from './cards';

const now = new Date('2026-03-15T12:00:00Z');
const good: CardForm = {
  cardNumber: '5123 4500 0000 0008',
  expiry: '12/29',
  cvc: '123',
  nameOnCard: 'Ada Lovelace',
};

describe('card checks of the hosted page', () => {
  it('accepts the approving test cards and keeps only brand, last four digits and expiry', () => {
    expect(checkCard(good, now)).toEqual({
      ok: true,
      card: { brand: 'MASTERCARD', last4: '0008', approved: true, expiry: '1229' },
    });
    const visa = checkCard({ ...good, cardNumber: '4242424242424242' }, now);
    expect(visa).toEqual({
      ok: true,
      card: { brand: 'VISA', last4: '4242', approved: true, expiry: '1229' },
    });
  });

  it('marks the declining test card as declined, not as invalid', () => {
    const result = checkCard({ ...good, cardNumber: '4000 0000 0000 0002' }, now);
    expect(result).toEqual({
      ok: true,
      card: { brand: 'VISA', last4: '0002', approved: false, expiry: '1229' },
    });
  });

  it('refuses a number that fails the Luhn check', () => {
    const result = checkCard({ ...good, cardNumber: '5123450000000009' }, now);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'cardNumber', message: cardMessages.numberInvalid }],
    });
  });

  it('lets a card be used until the end of its expiry month', () => {
    expect(checkCard({ ...good, expiry: '03/26' }, now).ok).toBe(true);
    const result = checkCard({ ...good, expiry: '02/26' }, now);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'expiry', message: cardMessages.expired }],
    });
  });

  it('names every missing field at once', () => {
    const result = checkCard({ cardNumber: '', expiry: '', cvc: '', nameOnCard: ' ' }, now);
    expect(result.ok ? [] : result.problems.map((found) => found.field)).toEqual([
      'cardNumber',
      'expiry',
      'cvc',
      'nameOnCard',
    ]);
  });

  it('asks American Express cards for four CVC digits', () => {
    const result = checkCard({ ...good, cardNumber: '378282246310005', cvc: '123' }, now);
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'cvc', message: cardMessages.cvcInvalidAmex }],
    });
  });
});

describe('card helpers', () => {
  it('reads the expiry forms people type', () => {
    expect(parseExpiry('4/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('04 / 2029')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('0429')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('13/29')).toBeUndefined();
    expect(parseExpiry('April')).toBeUndefined();
  });

  it('computes Luhn and brands', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(cardBrand('2221000000000009')).toBe('MASTERCARD');
    expect(cardBrand('6011000000000004')).toBe('UNKNOWN');
  });
});
