import { describe, expect, it } from 'vitest';
import type { GatewayOrder } from '../../integrations/gateway/client';
import { judgeGatewayOrder } from './gateway-verdict';

const expected = { amountCents: 1299, currency: 'USD' };

/** The gateway's order for our 12.99 USD, in the given status, with nothing held yet. */
function gatewayOrder(status: string, changes: Partial<GatewayOrder> = {}): GatewayOrder {
  return {
    id: 'TERN-ABC123',
    amount: 12.99,
    currency: 'USD',
    status,
    totalAuthorizedAmount: 0,
    totalCapturedAmount: 0,
    totalRefundedAmount: 0,
    transaction: [],
    ...changes,
  };
}

describe('the verdict on the gateway order', () => {
  it('judges a payer who failed 3-D Secure a failed payment the payer may try again', () => {
    expect(judgeGatewayOrder(gatewayOrder('AUTHENTICATION_UNSUCCESSFUL'), expected)).toEqual({
      kind: 'failed',
      gatewayStatus: 'AUTHENTICATION_UNSUCCESSFUL',
    });
  });

  it('waits while 3-D Secure is under way or passed but not yet authorised', () => {
    for (const status of ['AUTHENTICATION_INITIATED', 'AUTHENTICATED']) {
      expect(judgeGatewayOrder(gatewayOrder(status), expected)).toEqual({
        kind: 'unpaid',
        gatewayStatus: status,
      });
    }
  });

  it('judges a declined or failed attempt failed', () => {
    for (const status of ['FAILED', 'DECLINED']) {
      expect(judgeGatewayOrder(gatewayOrder(status), expected).kind).toBe('failed');
    }
  });

  it('judges money held for exactly our amount paid, naming the authorisation', () => {
    const held = gatewayOrder('AUTHORIZED', {
      totalAuthorizedAmount: 12.99,
      transaction: [
        {
          result: 'SUCCESS',
          transaction: { id: 'auth-1', type: 'AUTHORIZATION', amount: 12.99, currency: 'USD' },
        },
      ],
    });
    expect(judgeGatewayOrder(held, expected)).toEqual({
      kind: 'paid',
      paymentTransactionId: 'auth-1',
    });
  });
});
