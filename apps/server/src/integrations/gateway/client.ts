/**
 * Client of the MPGS REST API, version 100 (the real gateway, or the built-in sandbox: only the
 * base URL and credentials differ), on the shared HTTP core (../http/http-core): every call has
 * a timeout; only reads (GET) are retried, on 429, 5xx, timeouts and network errors; answers are
 * checked against the schemas in ./schemas.
 * A capture, void or refund is never repeated here: MPGS documents a transaction id as unique
 * within its order, not as a replay key, so a caller retrieves the order first and counts what
 * the gateway already did (see nextTransactionId).
 */
import type { z } from 'zod';
import {
  type AttemptCounter,
  callJson,
  type HttpFailure,
  type HttpFailureKind,
  type HttpMethod,
  OutsideCallError,
  type OutsideService,
} from '../http/http-core';
import { gatewayAmount } from './amounts';
import {
  authenticationAnswerSchema,
  checkoutSessionSchema,
  deleteTokenAnswerSchema,
  errorAnswerSchema,
  type GatewayOrder,
  type GatewayTransaction,
  type GatewayTransactionAnswer,
  orderSchema,
  tokenAnswerSchema,
  transactionAnswerSchema,
} from './schemas';

import {
  type AuthenticationInput,
  type AuthenticationOutcome,
  afterInitiation,
  authenticatePayerRequest,
  authenticationOutcomeOf,
  authorizeWithTokenRequest,
  initiateAuthenticationRequest,
  type PayerAuthentication,
  payerAuthenticationOf,
  type TokenPaymentInput,
  type VerifyWithTokenInput,
  verifyWithTokenRequest,
} from './token-payments';

export type {
  AuthenticationInput,
  AuthenticationOutcome,
  PayerAuthentication,
  PayerBrowser,
  PaymentAgreement,
  PaymentInitiator,
  TokenPaymentInput,
  VerifyWithTokenInput,
} from './token-payments';
export type { GatewayOrder, GatewayTransaction, GatewayTransactionAnswer };
export { gatewayAmount };

export const GATEWAY_API_VERSION = '100';

export interface GatewayClientOptions {
  /** The gateway's root, without a trailing slash: https://test-gateway.mastercard.com, or the sandbox's. */
  baseUrl: string;
  merchantId: string;
  /** The merchant's API password (Basic authentication as `merchant.<id>`). */
  password: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first one, for idempotent calls only. */
  retries?: number;
  /** First back-off delay; it doubles on each retry. */
  backoffMs?: number;
  /** Told how each attempt ended (the operator's metrics). */
  countAttempt?: AttemptCounter;
}

export type CheckoutOperation = 'PURCHASE' | 'AUTHORIZE';

export interface InitiateCheckoutInput {
  /** The shop's order reference; the gateway's order id from then on. */
  orderId: string;
  /** In the currency's major unit, e.g. 12.99 (USD). */
  amount: number;
  currency: string;
  description: string;
  /** Where the payer returns after paying, with ?resultIndicator=…&sessionVersion=… added. */
  returnUrl: string;
  cancelUrl: string;
  operation: CheckoutOperation;
  /** Shown on the payment page. */
  merchantName: string;
  /** How long the payer has on the hosted page, in seconds (interaction.timeout); else the gateway's default. */
  timeoutSeconds?: number;
  /**
   * The buyer agreed, on the shop's page, to have the card stored for later payments: the
   * approved payment makes a gateway token (Credential on File, see checkoutRequest).
   */
  storeCard?: boolean;
}

/** What Retrieve Token shows of a stored card: never its number. */
export interface StoredCard {
  token: string;
  scheme: string;
  last4: string;
  /** MMYY. */
  expiry: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** Equals the resultIndicator the payer brings back when the payment went through. */
  successIndicator: string;
  sessionVersion: string | undefined;
}

export interface GatewayClient {
  initiateCheckout(input: InitiateCheckoutInput): Promise<CheckoutSession>;
  /** The order as the gateway knows it; undefined when it has none (nothing was tried yet). */
  retrieveOrder(orderId: string): Promise<GatewayOrder | undefined>;
  capture(
    orderId: string,
    transactionId: string,
    amount: number,
    currency: string,
  ): Promise<GatewayTransactionAnswer>;
  voidAuthorization(
    orderId: string,
    transactionId: string,
    targetTransactionId: string,
  ): Promise<GatewayTransactionAnswer>;
  refund(
    orderId: string,
    transactionId: string,
    amount: number,
    currency: string,
  ): Promise<GatewayTransactionAnswer>;
  /** Retrieve Token; undefined when the repository holds no such token. */
  retrieveToken(token: string): Promise<StoredCard | undefined>;
  /** Delete Token; 'gone' when the repository held no such token (deleted before). */
  deleteToken(token: string): Promise<'deleted' | 'gone'>;
  /**
   * AUTHORIZE with a saved card's token, as a CIT (the buyer pays) or an MIT (under the
   * agreement); a decline is an answer (result FAILURE), not a throw. Never retried.
   */
  authorizeWithToken(input: TokenPaymentInput): Promise<GatewayTransactionAnswer>;
  /** VERIFY, no money: the CIT that sets up the agreement for later MITs. Never retried. */
  verifyWithToken(input: VerifyWithTokenInput): Promise<GatewayTransactionAnswer>;
  /** INITIATE_AUTHENTICATION then AUTHENTICATE_PAYER, under the same transaction id. */
  authenticatePayer(input: AuthenticationInput): Promise<PayerAuthentication>;
  /** Retrieve Transaction after the payer's challenge; never trust the browser's POST alone. */
  retrieveAuthentication(orderId: string, transactionId: string): Promise<AuthenticationOutcome>;
}

export type GatewayFailure = HttpFailureKind;

export class GatewayError extends OutsideCallError {
  override name = 'GatewayError';
  constructor(
    message: string,
    /** The gateway's HTTP status; undefined when no answer came. */
    status: number | undefined,
    failure: GatewayFailure,
    /** The gateway's error.cause (INVALID_REQUEST, SERVER_BUSY…), when it gave one. */
    readonly gatewayCause?: string,
    /** The gateway's error.explanation, for logs; not for payers. */
    readonly explanation?: string,
    readonly field?: string,
  ) {
    super(message, status, failure);
  }
}

const defaults = { timeoutMs: 15_000, retries: 2, backoffMs: 300 } as const;
const MAX_BACKOFF_MS = 5_000;

interface CallOptions {
  method: HttpMethod;
  body?: unknown;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const service = gatewayService(options);
  const merchantPath = `/api/rest/version/${GATEWAY_API_VERSION}/merchant/${segment(options.merchantId)}`;
  // A POST that timed out may have created a session, and a PUT that timed out may have moved
  // money under an id the gateway will not take again: only reads are repeated.
  const call = <T extends z.ZodType>(path: string, schema: T, { method, body }: CallOptions) =>
    callJson(service, {
      method,
      path: `${merchantPath}${path}`,
      body,
      schema,
      repeat: method === 'GET' ? 'transient' : 'never',
    });
  const transactionPath = (orderId: string, transactionId: string) =>
    `/order/${segment(orderId)}/transaction/${segment(transactionId)}`;
  const transaction = (orderId: string, transactionId: string, body: unknown) =>
    call(transactionPath(orderId, transactionId), transactionAnswerSchema, { method: 'PUT', body });
  const authenticationStep = (input: AuthenticationInput, body: unknown) =>
    call(transactionPath(input.orderId, input.transactionId), authenticationAnswerSchema, {
      method: 'PUT',
      body,
    });

  return {
    async initiateCheckout(input) {
      const answer = await call('/session', checkoutSessionSchema, {
        method: 'POST',
        body: checkoutRequest(input),
      });
      return {
        sessionId: answer.session.id,
        successIndicator: answer.successIndicator,
        sessionVersion: answer.session.version,
      };
    },
    async retrieveOrder(orderId) {
      try {
        return await call(`/order/${segment(orderId)}`, orderSchema, { method: 'GET' });
      } catch (error) {
        if (error instanceof GatewayError && isUnknownOrder(error)) return undefined;
        throw error;
      }
    },
    capture: (orderId, transactionId, amount, currency) =>
      transaction(orderId, transactionId, {
        apiOperation: 'CAPTURE',
        transaction: { amount: gatewayAmount(amount, currency), currency },
      }),
    voidAuthorization: (orderId, transactionId, targetTransactionId) =>
      transaction(orderId, transactionId, {
        apiOperation: 'VOID',
        transaction: { targetTransactionId },
      }),
    refund: (orderId, transactionId, amount, currency) =>
      transaction(orderId, transactionId, {
        apiOperation: 'REFUND',
        transaction: { amount: gatewayAmount(amount, currency), currency },
      }),
    // Retrieve Token and Delete Token, GET and DELETE .../merchant/{merchantId}/token/{tokenid}
    // (Gateway Tokenization, https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/tokenization/gw-tokenization/).
    async retrieveToken(token) {
      try {
        const answer = await call(`/token/${segment(token)}`, tokenAnswerSchema, {
          method: 'GET',
        });
        return storedCardOf(token, answer);
      } catch (error) {
        if (error instanceof GatewayError && isUnknownToken(error)) return undefined;
        throw error;
      }
    },
    async deleteToken(token) {
      try {
        await call(`/token/${segment(token)}`, deleteTokenAnswerSchema, { method: 'DELETE' });
        return 'deleted';
      } catch (error) {
        if (error instanceof GatewayError && isUnknownToken(error)) return 'gone';
        throw error;
      }
    },
    // Token payments and 3-D Secure: the bodies and their pages are in ./token-payments.
    authorizeWithToken: (input) =>
      transaction(input.orderId, input.transactionId, authorizeWithTokenRequest(input)),
    verifyWithToken: (input) =>
      transaction(input.orderId, input.transactionId, verifyWithTokenRequest(input)),
    async authenticatePayer(input) {
      const initiated = afterInitiation(
        await authenticationStep(input, initiateAuthenticationRequest(input)),
      );
      if (initiated !== 'continue') return initiated;
      return payerAuthenticationOf(
        await authenticationStep(input, authenticatePayerRequest(input)),
      );
    },
    // Retrieve Transaction, GET .../order/{orderid}/transaction/{transactionid}: a read, retried.
    retrieveAuthentication: async (orderId, transactionId) =>
      authenticationOutcomeOf(
        await call(transactionPath(orderId, transactionId), authenticationAnswerSchema, {
          method: 'GET',
        }),
      ),
  };
}

/** A token the repository does not hold: 400 INVALID_REQUEST naming the token, or a 404. */
function isUnknownToken(error: GatewayError): boolean {
  if (error.status === 404) return true;
  return (
    error.status === 400 &&
    error.gatewayCause === 'INVALID_REQUEST' &&
    (/token/i.test(error.field ?? '') || /token/i.test(error.explanation ?? ''))
  );
}

function storedCardOf(token: string, answer: z.infer<typeof tokenAnswerSchema>): StoredCard {
  const card = answer.sourceOfFunds?.provided?.card;
  return {
    token,
    scheme: card?.scheme ?? card?.brand ?? 'UNKNOWN',
    last4: (card?.number ?? '').slice(-4),
    expiry: card?.expiry ?? '',
  };
}

function checkoutRequest(input: InitiateCheckoutInput) {
  return {
    apiOperation: 'INITIATE_CHECKOUT',
    interaction: {
      operation: input.operation,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      merchant: { name: input.merchantName },
      // "the duration (in seconds) available to the payer to make the payment", else the
      // gateway's default: https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/checkout/version/55/callback/timeout.html
      ...(input.timeoutSeconds === undefined ? {} : { timeout: input.timeoutSeconds }),
    },
    order: {
      id: input.orderId,
      amount: gatewayAmount(input.amount, input.currency),
      currency: input.currency,
      description: input.description,
    },
    ...(input.storeCard ? storedCredentialFields : {}),
  };
}

/**
 * The first payment of a card to store, started by the cardholder (a CIT): "In the initial
 * transaction request with a new customer, you need to provide ... transaction.source =
 * INTERNET ... sourceOfFunds.provided.card.storedOnFile = TO_BE_STORED" (Credential on File
 * Transactions, https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/cred-file-transc/);
 * Hosted Checkout then "generates a payment token after a successful authorization" and gives
 * the merchant the token only (Credential on File for Hosted Checkout,
 * https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-gateway-features/cof-hosted-checkout/).
 * interaction.operation stays as it is. No agreement yet: the buyer's consent covers payments
 * they start; an agreement (agreement.id, agreement.type) comes with an automatic top-up, the
 * merchant-initiated series (https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/cit-mit/).
 */
const storedCredentialFields = {
  sourceOfFunds: { provided: { card: { storedOnFile: 'TO_BE_STORED' } } },
  transaction: { source: 'INTERNET' },
} as const;

/**
 * The token a paid order's card was stored under, as Retrieve Order shows it on the approved
 * payment: sourceOfFunds.token of the AUTHORIZATION or PAYMENT transaction (a token field at
 * the order's own sourceOfFunds is read too); undefined when none was made.
 */
export function storedToken(order: GatewayOrder): string | undefined {
  for (const entry of order.transaction) {
    const paid = entry.transaction.type === 'AUTHORIZATION' || entry.transaction.type === 'PAYMENT';
    if (paid && entry.result === 'SUCCESS' && entry.sourceOfFunds?.token) {
      return entry.sourceOfFunds.token;
    }
  }
  const own = (order as { sourceOfFunds?: { token?: unknown } }).sourceOfFunds?.token;
  return typeof own === 'string' && own ? own : undefined;
}

/**
 * The gateway answers an order it never saw (no payment tried yet) with 400 INVALID_REQUEST
 * naming the order id; some deployments answer 404.
 */
function isUnknownOrder(error: GatewayError): boolean {
  if (error.status === 404) return true;
  return (
    error.status === 400 &&
    error.gatewayCause === 'INVALID_REQUEST' &&
    (error.field === 'orderId' || /order/i.test(error.explanation ?? ''))
  );
}

/**
 * The first `${kind}-${n}` not yet used on the order. Ids must be unique within an order
 * ("must be unique for transactions you create within an order",
 * https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-batch/integrate-hosted-batch/know-your-input-fields/),
 * so after a lost answer the retrieved order decides: a transaction it does not list never
 * arrived, and this gives its id again; one it lists without an outcome is resubmitted under
 * its own id (unsettledTransaction); only one that failed is followed by a new id.
 */
export function nextTransactionId(
  order: GatewayOrder,
  kind: 'capture' | 'void' | 'refund',
): string {
  const taken = new Set(order.transaction.map((entry) => entry.transaction.id));
  for (let n = 1; ; n += 1) {
    const id = `${kind}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Results of a transaction the acquirer has not decided yet (PENDING) or whose outcome the
 * gateway cannot tell (UNKNOWN). MPGS asks for the transaction to be retrieved later or the
 * identical request resubmitted under the same id, which it does not process twice
 * (https://developer.mastercard.com/mastercard-gateway/documentation/testing/trans-error/);
 * a new id could capture or refund a second time once the first one goes through.
 */
const UNSETTLED_RESULTS: ReadonlySet<string> = new Set(['PENDING', 'UNKNOWN']);

/** The order's latest transaction of `type` still without an outcome, to resubmit as it was. */
export function unsettledTransaction(
  order: GatewayOrder,
  type: 'CAPTURE' | 'VOID_AUTHORIZATION' | 'REFUND',
): GatewayTransaction | undefined {
  return order.transaction.findLast(
    (entry) => entry.transaction.type === type && UNSETTLED_RESULTS.has(entry.result),
  );
}

/** A capture, void or refund the gateway has no outcome for yet: asked again later, as it was. */
export class OutcomeAwaited extends Error {
  override name = 'OutcomeAwaited';
}

/**
 * Throws unless the gateway approved the transaction: OutcomeAwaited while its outcome is still
 * to come (the caller asks again later and then resubmits the same transaction), else an Error.
 */
export function requireApproved(answer: GatewayTransactionAnswer, what: string): void {
  if (answer.result === 'SUCCESS') return;
  if (UNSETTLED_RESULTS.has(answer.result)) {
    throw new OutcomeAwaited(`The gateway has no outcome yet for the ${what} (${answer.result})`);
  }
  throw new Error(`The gateway answered ${answer.result} to the ${what}`);
}

/** The successful transactions of one type on an order, e.g. its captures. */
export function successfulTransactions(order: GatewayOrder, type: string): GatewayTransaction[] {
  return order.transaction.filter(
    (entry) => entry.result === 'SUCCESS' && entry.transaction.type === type,
  );
}

/** MPGS's Basic authentication: user `merchant.<id>`, the API's (or reporting's) password. */
export function merchantAuthorization(merchantId: string, password: string): string {
  return `Basic ${Buffer.from(`merchant.${merchantId}:${password}`).toString('base64')}`;
}

function gatewayService(options: GatewayClientOptions): OutsideService<GatewayError> {
  return {
    name: 'Gateway',
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: {
      authorization: merchantAuthorization(options.merchantId, options.password),
      accept: 'application/json',
    },
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    // No maxRetryAfterMs: a read is retried twice at most, on the back-off alone, whatever
    // Retry-After the gateway sends; a payer is waiting on it.
    retry: {
      retries: options.retries ?? defaults.retries,
      backoffMs: options.backoffMs ?? defaults.backoffMs,
      maxBackoffMs: MAX_BACKOFF_MS,
    },
    toError: gatewayError,
    countAttempt: options.countAttempt,
  };
}

/** A refusal carries the gateway's reason ({error: {cause, explanation, field}}) when it gave one. */
function gatewayError({ message, status, failure, body }: HttpFailure): GatewayError {
  const refusal = errorAnswerSchema.safeParse(safeJson(body ?? ''));
  if (failure !== 'http' || !refusal.success) return new GatewayError(message, status, failure);
  const { cause, explanation, field } = refusal.data.error;
  return new GatewayError(
    `${message} ${cause}${explanation ? `: ${explanation}` : ''}`,
    status,
    'http',
    cause,
    explanation,
    field,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function segment(value: string): string {
  return encodeURIComponent(value);
}
