import { describe, expect, it } from 'vitest';
import {
  neverInstalled,
  purchaseStanding,
  reasonBeforeProvider,
  refusalBeforeProvider,
} from './eligibility';

const DAY_MS = 86_400_000;
const bought = new Date('2026-03-01T10:00:00Z');
const after = (days: number) => new Date(bought.getTime() + days * DAY_MS);

describe('an eSIM never installed', () => {
  it.each(['Released', 'Unavailable'])(
    'is one whose profile is %s and was never installed',
    (status) => {
      expect(neverInstalled({ profileStatus: status })).toBe(true);
    },
  );

  it('is not one released again after a first install', () => {
    expect(
      neverInstalled({ profileStatus: 'Released', firstInstalledDateTime: '2026-03-02T08:00:00Z' }),
    ).toBe(false);
  });

  it.each([
    'Installed',
    'Downloaded',
    'Enabled',
    'Disabled',
    'Deleted',
    'Confirmed',
    'Error',
    'Deactivated',
    'SomethingNew',
  ])('is not one whose profile is %s', (status) => {
    expect(neverInstalled({ profileStatus: status })).toBe(false);
  });
});

describe('the refund window and the purchases on the eSIM', () => {
  it('allows a refund until the end of the 14th day after the purchase', () => {
    expect(
      refusalBeforeProvider({
        purchasedAt: bought,
        now: after(13.99),
        orderStatuses: ['fulfilled'],
      }),
    ).toBeUndefined();
  });

  it('refuses it from the 14th day on', () => {
    expect(
      refusalBeforeProvider({ purchasedAt: bought, now: after(14), orderStatuses: ['fulfilled'] }),
    ).toBe('refundMessages.windowPassed');
  });

  it('refuses it while a top-up on the eSIM is still being delivered', () => {
    expect(
      refusalBeforeProvider({
        purchasedAt: bought,
        now: after(1),
        orderStatuses: ['fulfilled', 'fulfilling'],
      }),
    ).toBe('refundMessages.purchaseInProgress');
  });

  it('names the reason by its code, for the eligibility the profile shows (issue 26)', () => {
    const request = { purchasedAt: bought, orderStatuses: ['fulfilled'] as const };
    expect(reasonBeforeProvider({ ...request, now: after(1) })).toBeUndefined();
    expect(reasonBeforeProvider({ ...request, now: after(14) })).toBe('window-passed');
    expect(
      reasonBeforeProvider({ ...request, now: after(1), orderStatuses: ['fulfilled', 'paid'] }),
    ).toBe('purchase-in-progress');
  });

  it('says the window first when both apply', () => {
    expect(
      refusalBeforeProvider({ purchasedAt: bought, now: after(20), orderStatuses: ['paid'] }),
    ).toBe('refundMessages.windowPassed');
  });

  it('leaves out purchases an operator gave back already', () => {
    expect(purchaseStanding('refunded')).toBe('already-refunded');
    expect(
      refusalBeforeProvider({
        purchasedAt: bought,
        now: after(2),
        orderStatuses: ['fulfilled', 'refunded'],
      }),
    ).toBeUndefined();
  });
});
