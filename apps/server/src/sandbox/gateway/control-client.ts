/**
 * Typed helpers that drive the gateway sandbox's controls over HTTP, for tests of any module.
 * `shopUrl` is the base URL of the listening shop (TestApp.url), e.g. http://127.0.0.1:41234.
 */
import type {
  AuthenticationRedirectField,
  GatewayControlState,
  ReusedTransactionIds,
  TransactionOperation,
  UnsettledResult,
  VoidedOrderStatus,
} from './controls';
import { gatewaySandboxUrl } from './paths';
import type { MitRequestCounts } from './token-controls';

export type { GatewayControlState, MitRequestCounts, ReusedTransactionIds };

async function control<T = GatewayControlState>(
  shopUrl: string,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${gatewaySandboxUrl(shopUrl)}/control${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(
      `Gateway sandbox ${path} answered ${response.status}: ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

/**
 * 'refuse' (the default): a transaction id used before on the order is an error, as MPGS may
 * answer; 'replay': the same request again gets its first answer (a kinder gateway).
 */
export function setReusedTransactionIds(
  shopUrl: string,
  reuse: ReusedTransactionIds,
): Promise<GatewayControlState> {
  return control(shopUrl, '/transaction-ids', { reuse });
}

/** The next `count` transactions take effect but their answers are lost (the connection drops). */
export function loseTransactionAnswers(shopUrl: string, count = 1): Promise<GatewayControlState> {
  return control(shopUrl, '/faults', { mode: 'loseAnswer', count });
}

/**
 * Every call's connection drops unanswered, changing nothing, until the sandbox is reset; with
 * an operation, only the transactions of that operation (captures down, the rest up).
 */
export function takeGatewayDown(
  shopUrl: string,
  operation?: TransactionOperation,
): Promise<GatewayControlState> {
  return control(shopUrl, '/faults', { mode: 'down', ...(operation ? { operation } : {}) });
}

/**
 * The next `count` transactions (of `operation`, or any) are sent to the acquirer but answered
 * without an outcome: PENDING (no answer yet) or UNKNOWN (the gateway cannot tell). They get
 * one by themselves a minute later on the gateway's clock, or at once with settleTransactions.
 */
export function leaveTransactionsUnsettled(
  shopUrl: string,
  options: { result?: UnsettledResult; count?: number; operation?: TransactionOperation } = {},
): Promise<GatewayControlState> {
  return control(shopUrl, '/faults', { mode: 'unsettled', ...options });
}

/** Every transaction answered without an outcome gets one now: approved, as the acquirer says. */
export async function settleTransactions(shopUrl: string): Promise<void> {
  await control(shopUrl, '/settle', {});
}

/** The order status a voided authorisation shows: CANCELLED (the default) or VOIDED. */
export function setVoidedOrderStatus(
  shopUrl: string,
  voidedOrder: VoidedOrderStatus,
): Promise<GatewayControlState> {
  return control(shopUrl, '/shapes', { voidedOrder });
}

/** Where Authenticate Payer answers the challenge html: API v100's place, or the older one. */
export function setAuthenticationRedirect(
  shopUrl: string,
  authenticationRedirect: AuthenticationRedirectField,
): Promise<GatewayControlState> {
  return control(shopUrl, '/shapes', { authenticationRedirect });
}

/**
 * Back to the defaults: reused transaction ids refused, no lost answers, up, CANCELLED after a
 * void, reports five minutes behind.
 */
export function resetGatewaySandbox(shopUrl: string): Promise<GatewayControlState> {
  return control(shopUrl, '/reset', {});
}

/**
 * Takes a payment on an order id the shop never issued (captured, or only authorised with
 * AUTHORIZE), as another channel of the same merchant would; answers the gateway's order id.
 */
export function takeOrphanPayment(
  shopUrl: string,
  payment: { amount: number | string; currency: string; operation?: 'AUTHORIZE' | 'PURCHASE' },
): Promise<{ orderId: string }> {
  return control<{ orderId: string }>(shopUrl, '/orphan-payment', payment);
}

/** How far the Reporting API's data lags behind the present (five minutes until reset). */
export function setReportingLag(shopUrl: string, lagSeconds: number): Promise<GatewayControlState> {
  return control(shopUrl, '/reporting', { lagSeconds });
}

/**
 * The stored card behind `token` is declined from now on (result FAILURE, DECLINED), as when
 * its issuer stops approving it; a declined test card never makes a token to begin with.
 * It lasts as long as the token (the reset control keeps it).
 */
export async function declineToken(shopUrl: string, token: string): Promise<void> {
  await control(shopUrl, '/decline-token', { token });
}

/**
 * The merchant-initiated requests the sandbox received: accepted under an agreement, refused
 * for want of one (no agreement.id, one never set up, or another card's), refused at all.
 */
export async function mitRequestCounts(shopUrl: string): Promise<MitRequestCounts> {
  const response = await fetch(`${gatewaySandboxUrl(shopUrl)}/control/mit-requests`);
  if (!response.ok) {
    throw new Error(
      `Gateway sandbox /mit-requests answered ${response.status}: ${await response.text()}`,
    );
  }
  return (await response.json()) as MitRequestCounts;
}
