import type { EsimRefundEligibility } from '@tern/contract/refunds';
import { describe, expect, it } from 'vitest';
import { cardActions, needsRefundCheck, refundOffer, refundReasonWords } from './esim-card';

const DAY_MS = 86_400_000;
const purchasedAt = '2026-11-20T10:00:00.000Z';
const now = new Date('2026-11-21T10:00:00.000Z');
const until = '2026-12-04T10:00:00.000Z';
const esim = { purchasedAt, refundedAt: null };

describe('cardActions', () => {
  it('leads with the QR code while the eSIM is not installed, Topup after (issue 26)', () => {
    expect(cardActions(false)).toEqual(['qr', 'topup', 'usage', 'details', 'doctor']);
  });

  it('leads with Usage once installed, Topup after, the used QR code last', () => {
    expect(cardActions(true)).toEqual(['usage', 'topup', 'doctor', 'details', 'qr']);
  });

  it('keeps the order of an eSIM in use while the provider has not said', () => {
    expect(cardActions(undefined)).toEqual(cardActions(true));
  });

  it('never leads with Topup', () => {
    for (const installed of [true, false, undefined]) {
      expect(cardActions(installed)[0]).not.toBe('topup');
    }
  });
});

describe('refundOffer', () => {
  const refundable: EsimRefundEligibility = {
    refundable: true,
    reason: null,
    refundableUntil: until,
  };

  it('offers the refund only when the server says it would be granted (issue 26)', () => {
    expect(refundOffer(esim, refundable, now)).toEqual({ offered: true, until: new Date(until) });
    expect(
      refundOffer(esim, { refundable: false, reason: 'installed', refundableUntil: until }, now),
    ).toEqual({ offered: false, reason: 'installed' });
  });

  it('offers nothing and says nothing while the server has not answered', () => {
    expect(refundOffer(esim, undefined, now)).toEqual({ offered: false, reason: undefined });
  });

  it('knows without asking that the 14 days have passed, or that it was refunded', () => {
    const late = new Date(Date.parse(purchasedAt) + 14 * DAY_MS);
    expect(needsRefundCheck(esim, late)).toBe(false);
    expect(refundOffer(esim, refundable, late)).toEqual({
      offered: false,
      reason: 'window-passed',
    });
    const refunded = { purchasedAt, refundedAt: '2026-11-21T09:00:00.000Z' };
    expect(needsRefundCheck(refunded, now)).toBe(false);
    expect(refundOffer(refunded, refundable, now)).toEqual({
      offered: false,
      reason: 'already-refunded',
    });
    expect(needsRefundCheck(esim, now)).toBe(true);
  });
});

describe('refundReasonWords', () => {
  it('says why there is no refund, in English', () => {
    expect(refundReasonWords('installed')).toBe(
      'No refund: this eSIM has been installed on a phone.',
    );
    expect(refundReasonWords('window-passed')).toBe(
      'No refund: it was bought more than 14 days ago.',
    );
    expect(refundReasonWords('already-refunded')).toBe('No refund: it was already refunded.');
    expect(refundReasonWords('purchase-in-progress')).toBe(
      'No refund for now: a purchase on this eSIM is still being completed.',
    );
  });
});
