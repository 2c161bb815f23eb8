import { type CreateSessionResponse, errorMessages, orderMessages } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { paymentStart, paymentUrlFromState, purchaseErrorText } from './payment-start';

const origin = 'https://shop.example';
const answer: CreateSessionResponse = {
  gateway_transaction: { updateStatus: true, sessionid: 'SESSION0002' },
  led_payment_gateway_ref: 'TRN-ABCDEFGHIJKLMNOP',
  payment_url: 'https://shop.example/_sandbox/gateway/pay/SESSION0002',
};

describe('starting a payment from the create-session answer', () => {
  it('keeps the session id and reference, and carries the page address to the payment route', () => {
    expect(paymentStart(answer, origin)).toEqual({
      ok: true,
      sessionId: 'SESSION0002',
      gatewayRef: 'TRN-ABCDEFGHIJKLMNOP',
      state: { paymentUrl: 'https://shop.example/_sandbox/gateway/pay/SESSION0002' },
    });
  });

  it('resolves a page address given relative to the shop', () => {
    const relative = { ...answer, payment_url: '/_sandbox/gateway/pay/SESSION0002' };
    const start = paymentStart(relative, origin);
    expect(start.ok && start.state.paymentUrl).toBe(
      'https://shop.example/_sandbox/gateway/pay/SESSION0002',
    );
  });

  it('does not go on when the gateway did not open a session', () => {
    const refused = { ...answer, gateway_transaction: { updateStatus: false, sessionid: '' } };
    expect(paymentStart(refused, origin)).toEqual({
      ok: false,
      error: `Error: ${orderMessages.gatewayUnavailable}`,
    });
  });

  it('never sends the browser to a script URL', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: not a template, a hostile value
    const hostile = { ...answer, payment_url: 'javascript:alert(1)//${x}' };
    expect(paymentStart(hostile, origin).ok).toBe(false);
    expect(paymentUrlFromState({ paymentUrl: 'data:text/html,hi' }, origin)).toBeUndefined();
  });
});

describe('the payment route state', () => {
  it('gives the page address when present, and nothing otherwise', () => {
    expect(paymentUrlFromState({ paymentUrl: answer.payment_url }, origin)).toBe(
      answer.payment_url,
    );
    expect(paymentUrlFromState(null, origin)).toBeUndefined();
    expect(paymentUrlFromState({ paymentUrl: 42 }, origin)).toBeUndefined();
    expect(paymentUrlFromState('x', origin)).toBeUndefined();
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
