import { orderStatuses, orderStatusMessage } from '@tern/contract/order-texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeEnglish } from '../../../lib/i18n';
import {
  afterTimeLimit,
  POLL_LIMIT_MS,
  paymentResult,
  resultIndicatorFrom,
  shouldPollAgain,
} from './payment-result';

// The checkout's English comes after the first script, as the app loads it before any page.
beforeAll(() => completeEnglish());

describe('what the buyer is told about their payment', () => {
  it('confirms a delivered order in the words of the brief', () => {
    expect(paymentResult('fulfilled')).toEqual({
      kind: 'confirmed',
      title: 'Payment confirmed. Your eSIM is ready.',
      message: orderStatusMessage('fulfilled'),
    });
  });

  it('says it is still working while the payment or the eSIM is on its way', () => {
    for (const status of ['created', 'awaiting_payment', 'paid', 'fulfilling'] as const) {
      expect(paymentResult(status).kind).toBe('pending');
    }
    expect(paymentResult('paid').title).toBe('Payment received. Preparing your eSIM…');
  });

  it('tells a declined buyer they were not charged and what to do', () => {
    const result = paymentResult('payment_failed');
    expect(result.kind).toBe('failed');
    expect(result.message).toContain('You have not been charged.');
    expect(result.message).toContain('try another card');
  });

  it('tells a buyer whose eSIM could not be delivered that the money goes back', () => {
    expect(paymentResult('fulfilment_failed').kind).toBe('refund');
    expect(paymentResult('refunded').message).toBe(orderStatusMessage('refunded'));
  });

  it('has a heading and a message for every status', () => {
    for (const status of orderStatuses) {
      expect(paymentResult(status).title).not.toBe('');
      expect(paymentResult(status).message).not.toBe('');
    }
  });

  it('turns a still-pending order past the time limit into the spec advice to wait', () => {
    expect(afterTimeLimit(paymentResult('awaiting_payment'))).toEqual({
      kind: 'pending',
      title: 'Your payment is still being processed.',
      message:
        'If your payment is rejected or slow, wait 10 minutes and check your account status before trying again.',
    });
    expect(afterTimeLimit(paymentResult('fulfilled')).kind).toBe('confirmed');
  });
});

describe('asking again', () => {
  it('asks again until the order settles', () => {
    expect(shouldPollAgain(undefined, 0)).toBe(true);
    expect(shouldPollAgain('awaiting_payment', 10_000)).toBe(true);
    expect(shouldPollAgain('fulfilment_failed', 10_000)).toBe(true);
    expect(shouldPollAgain('fulfilled', 10_000)).toBe(false);
    expect(shouldPollAgain('payment_failed', 0)).toBe(false);
  });

  it('stops after about a minute', () => {
    expect(shouldPollAgain('paid', POLL_LIMIT_MS - 1)).toBe(true);
    expect(shouldPollAgain('paid', POLL_LIMIT_MS)).toBe(false);
  });
});

describe('the result indicator', () => {
  it('is read from the query the gateway put before the hash', () => {
    expect(resultIndicatorFrom('?resultIndicator=abc123&sessionVersion=2')).toBe('abc123');
    expect(resultIndicatorFrom('')).toBeUndefined();
    expect(resultIndicatorFrom('?resultIndicator=')).toBeUndefined();
  });
});
