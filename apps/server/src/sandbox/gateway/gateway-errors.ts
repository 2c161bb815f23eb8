/**
 * Refusals in the gateway's own error shape, `{result: 'ERROR', error: {cause, explanation}}`,
 * which merchants' integrations parse; the shop's `{message}` shape would not fit them.
 */
import type { ErrorAnswer } from './protocol';

type Detail = ErrorAnswer['error'];

export class GatewayRefusal extends Error {
  override name = 'GatewayRefusal';
  constructor(
    readonly statusCode: number,
    readonly detail: Detail,
  ) {
    super(detail.explanation);
  }

  toAnswer(): ErrorAnswer {
    return { result: 'ERROR', error: this.detail };
  }
}

export const invalidRequest = (explanation: string, field?: string) =>
  new GatewayRefusal(400, {
    cause: 'INVALID_REQUEST',
    explanation,
    ...(field ? { field, validationType: 'INVALID' as const } : {}),
  });

export const unknownOrder = (orderId: string) =>
  invalidRequest(`Unable to find order ${orderId} for this merchant`, 'orderId');

export const invalidCredentials = () =>
  new GatewayRefusal(401, {
    cause: 'INVALID_REQUEST',
    explanation:
      'Invalid credentials: use Basic authentication as merchant.<id> with the API password',
  });

/** A token the repository does not hold (never made, or deleted): refused as the gateway does. */
export const unknownToken = (token: string) =>
  invalidRequest(`Token ${token} is not valid for this merchant`, 'tokenid');

/** A payment or authentication naming a token the repository does not hold. */
export const unknownSourceToken = (token: string) =>
  invalidRequest(`Token ${token} is not valid for this merchant`, 'sourceOfFunds.token');
