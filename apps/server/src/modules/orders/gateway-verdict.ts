/**
 * Reads the gateway's view of an order (MPGS retrieve order) into what it means for ours.
 * This is the only evidence of payment the shop accepts: a returning browser's query string
 * proves nothing by itself.
 */
import { type GatewayOrder, OutcomeAwaited } from '../../integrations/gateway/client';
import type { JobOutcome } from '../../jobs/engine';
import type { Clock } from '../../lib/clock';

export type GatewayVerdict =
  /** Money held (AUTHORIZED) or taken (CAPTURED), for exactly our amount. */
  | { kind: 'paid'; paymentTransactionId: string | undefined }
  /** The last attempt was declined, failed, or failed 3-D Secure; the payer may still try again. */
  | { kind: 'failed'; gatewayStatus: string }
  /** Nothing tried yet, or nothing that counts as payment. */
  | { kind: 'unpaid'; gatewayStatus: string | undefined }
  /** Paid, but not what we asked for: never fulfilled, left for a person to look at. */
  | { kind: 'mismatch'; reason: string };

export interface ExpectedPayment {
  amountCents: number;
  currency: string;
}

export function judgeGatewayOrder(
  order: GatewayOrder | undefined,
  expected: ExpectedPayment,
): GatewayVerdict {
  if (!order) return { kind: 'unpaid', gatewayStatus: undefined };
  switch (order.status) {
    case 'AUTHORIZED':
      return paidIf(order, order.totalAuthorizedAmount, expected);
    case 'CAPTURED':
      return paidIf(order, order.totalCapturedAmount, expected);
    case 'FAILED':
    case 'DECLINED':
    // The payer failed 3-D Secure: the issuer would not vouch for them, so nothing was
    // authorised (MPGS order.status, Retrieve Order:
    // https://na.gateway.mastercard.com/api/documentation/apiDocumentation/rest-json/version/70/operation/Transaction%3A%20%20Retrieve%20Order.html).
    case 'AUTHENTICATION_UNSUCCESSFUL':
      return { kind: 'failed', gatewayStatus: order.status };
    // 3-D Secure under way or passed: the payer proved who they are, but no money is held yet.
    case 'AUTHENTICATION_INITIATED':
    case 'AUTHENTICATED':
      return { kind: 'unpaid', gatewayStatus: order.status };
    default:
      return { kind: 'unpaid', gatewayStatus: order.status };
  }
}

function paidIf(order: GatewayOrder, amount: number, expected: ExpectedPayment): GatewayVerdict {
  if (order.currency !== expected.currency || toCents(amount) !== expected.amountCents) {
    return {
      kind: 'mismatch',
      reason: `the gateway holds ${amount} ${order.currency}, the order is for ${
        expected.amountCents / 100
      } ${expected.currency}`,
    };
  }
  return { kind: 'paid', paymentTransactionId: paymentTransactionId(order) };
}

/** The approved authorisation (or payment) at the gateway: what a void must name. */
export function paymentTransactionId(order: GatewayOrder): string | undefined {
  const approved = order.transaction.filter(
    (entry) =>
      entry.result === 'SUCCESS' &&
      (entry.transaction.type === 'AUTHORIZATION' || entry.transaction.type === 'PAYMENT'),
  );
  return approved.at(-1)?.transaction.id;
}

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * How long a job waits before asking the gateway again about a transaction it has no outcome
 * for: MPGS says to retrieve it "after the typical processing period", which it does not give.
 */
export const GATEWAY_OUTCOME_WAIT_MS = 30_000;

/**
 * A step that met a transaction without an outcome waits for it, keeping its attempts (a
 * pending capture must not use up a delivery's attempts and leave it parked); other errors
 * are thrown on.
 */
export function awaitingGateway(error: unknown, clock: Clock): JobOutcome {
  if (!(error instanceof OutcomeAwaited)) throw error;
  const until = new Date(clock().getTime() + GATEWAY_OUTCOME_WAIT_MS);
  return { kind: 'deferred', until, reason: error.message };
}
