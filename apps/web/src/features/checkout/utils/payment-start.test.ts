import { errorMessages } from '@tern/contract/errors';
import { orderMessages } from '@tern/contract/order-texts';
import type { CreateSessionResponse } from '@tern/contract/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { completeEnglish } from '../../../lib/i18n';
import { paymentStart, purchaseErrorText } from './payment-start';

// The checkout's English comes after the first script, as the app loads it before any page.
beforeAll(() => completeEnglish());

const answer: CreateSessionResponse = {
  gateway_transaction: { updateStatus: true, sessionid: 'SESSION0002' },
  led_payment_gateway_ref: 'TRN-ABCDEFGHIJKLMNOP',
  pricing: { price: 4.3, discount: 0, credit: 0, vat: 0.41, stamps: 0.22, total: 4.3 },
};

describe('starting a payment from the create-session answer', () => {
  it('keeps the session id and the reference for the payment route', () => {
    expect(paymentStart(answer)).toEqual({
      ok: true,
      sessionId: 'SESSION0002',
      gatewayRef: 'TRN-ABCDEFGHIJKLMNOP',
    });
  });

  it('does not go on when the gateway did not open a session', () => {
    const refused = { ...answer, gateway_transaction: { updateStatus: false, sessionid: '' } };
    expect(paymentStart(refused)).toEqual({
      ok: false,
      error: `Error: ${orderMessages.gatewayUnavailable}`,
    });
  });

  it('does not go on without the order reference the confirmation needs', () => {
    expect(paymentStart({ ...answer, led_payment_gateway_ref: '' }).ok).toBe(false);
  });
});

describe('the purchase error toast', () => {
  it("says 'Error:' and the server's message", () => {
    expect(purchaseErrorText(new ApiError(400, 'Plan not found'))).toBe('Error: Plan not found');
  });

  it('falls back to the generic text for anything else', () => {
    expect(purchaseErrorText(new TypeError('Failed to fetch'))).toBe(
      `Error: ${errorMessages.generic}`,
    );
  });
});
