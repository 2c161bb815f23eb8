/**
 * Client of the MPGS REST API, version 100 (the real gateway, or the built-in sandbox: only the
 * base URL and credentials differ). Every call has a timeout; only idempotent calls (GET, and
 * PUT of a transaction under the merchant's own transaction id) are retried, on 429, 5xx,
 * timeouts and network errors; answers are checked against the schemas in ./schemas.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import {
  checkoutSessionSchema,
  errorAnswerSchema,
  type GatewayOrder,
  type GatewayTransaction,
  type GatewayTransactionAnswer,
  orderSchema,
  transactionAnswerSchema,
} from './schemas';

export type { GatewayOrder, GatewayTransaction, GatewayTransactionAnswer };

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
  /**
   * Where a browser opens the hosted payment page of a session. Default: the real gateway's
   * page, `${baseUrl}/checkout/pay/{sessionId}`; the sandbox passes its own.
   */
  hostedPageUrl?: (sessionId: string) => string;
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
  /**
   * The browser's address of the hosted payment page. At the real gateway this is the page
   * checkout.js opens (`Checkout.configure({session: {id}})`, then `Checkout.showPaymentPage()`,
   * script at `${baseUrl}/static/checkout/checkout.min.js`); redirecting to it directly spares
   * the shop a third-party script under its CSP.
   */
  hostedPageUrl(sessionId: string): string;
}

export type GatewayFailure = 'http' | 'timeout' | 'network' | 'invalid-response';

export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    message: string,
    /** The gateway's HTTP status; undefined when no answer came. */
    readonly status: number | undefined,
    readonly failure: GatewayFailure,
    /** The gateway's error.cause (INVALID_REQUEST, SERVER_BUSY…), when it gave one. */
    readonly gatewayCause?: string,
    /** The gateway's error.explanation, for logs; not for payers. */
    readonly explanation?: string,
    readonly field?: string,
  ) {
    super(message);
  }

  /** Worth trying again later: rate limits, gateway faults, timeouts and network errors. */
  get transient(): boolean {
    if (this.failure === 'invalid-response') return false;
    return this.status === undefined || this.status === 429 || this.status >= 500;
  }
}

const defaults = { timeoutMs: 15_000, retries: 2, backoffMs: 300 } as const;
const MAX_BACKOFF_MS = 5_000;

interface CallOptions {
  method: 'GET' | 'POST' | 'PUT';
  body?: unknown;
}

type Settings = Required<Omit<GatewayClientOptions, 'hostedPageUrl'>>;

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const settings: Settings = {
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    merchantId: options.merchantId,
    password: options.password,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    retries: options.retries ?? defaults.retries,
    backoffMs: options.backoffMs ?? defaults.backoffMs,
  };
  const merchantPath = `/api/rest/version/${GATEWAY_API_VERSION}/merchant/${segment(options.merchantId)}`;
  const call = <T extends z.ZodType>(path: string, schema: T, callOptions: CallOptions) =>
    callWithRetries(settings, `${merchantPath}${path}`, schema, callOptions);
  const transaction = (orderId: string, transactionId: string, body: unknown) =>
    call(
      `/order/${segment(orderId)}/transaction/${segment(transactionId)}`,
      transactionAnswerSchema,
      {
        method: 'PUT',
        body,
      },
    );

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
        transaction: { amount: formatAmount(amount, currency), currency },
      }),
    voidAuthorization: (orderId, transactionId, targetTransactionId) =>
      transaction(orderId, transactionId, {
        apiOperation: 'VOID',
        transaction: { targetTransactionId },
      }),
    refund: (orderId, transactionId, amount, currency) =>
      transaction(orderId, transactionId, {
        apiOperation: 'REFUND',
        transaction: { amount: formatAmount(amount, currency), currency },
      }),
    hostedPageUrl: (sessionId) =>
      options.hostedPageUrl?.(sessionId) ??
      `${settings.baseUrl}/checkout/pay/${segment(sessionId)}?checkoutVersion=1.0.0`,
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
    },
    order: {
      id: input.orderId,
      amount: formatAmount(input.amount, input.currency),
      currency: input.currency,
      description: input.description,
    },
  };
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

/** MPGS takes amounts as decimal strings with the currency's own number of decimals. */
export function formatAmount(amount: number, currency: string): string {
  if (!Number.isFinite(amount) || amount <= 0) {
    throw new RangeError(`A gateway amount must be positive, got ${amount}`);
  }
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return amount.toFixed(digits);
}

async function callWithRetries<T extends z.ZodType>(
  settings: Settings,
  path: string,
  schema: T,
  options: CallOptions,
): Promise<z.infer<T>> {
  // A POST that timed out may have created a session: never repeat it.
  const idempotent = options.method !== 'POST';
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await callOnce(settings, path, schema, options);
    } catch (error) {
      const failure = asGatewayError(error, `${options.method} ${path}`);
      if (!idempotent || attempt >= settings.retries || !failure.transient) throw failure;
      const exponential = Math.min(settings.backoffMs * 2 ** attempt, MAX_BACKOFF_MS);
      // Jitter, so many instances do not retry in lock-step.
      await sleep(exponential / 2 + Math.random() * (exponential / 2));
    }
  }
}

async function callOnce<T extends z.ZodType>(
  settings: Settings,
  path: string,
  schema: T,
  { method, body }: CallOptions,
): Promise<z.infer<T>> {
  const credentials = Buffer.from(`merchant.${settings.merchantId}:${settings.password}`).toString(
    'base64',
  );
  const headers: Record<string, string> = {
    authorization: `Basic ${credentials}`,
    accept: 'application/json',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${settings.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw httpError(response.status, text, `${method} ${path}`);
  return parseAnswer(text, schema, `${method} ${path}`);
}

function httpError(status: number, text: string, what: string): GatewayError {
  const refusal = errorAnswerSchema.safeParse(safeJson(text));
  if (!refusal.success) {
    return new GatewayError(`Gateway ${what} answered ${status}`, status, 'http');
  }
  const { cause, explanation, field } = refusal.data.error;
  return new GatewayError(
    `Gateway ${what} answered ${status} ${cause}${explanation ? `: ${explanation}` : ''}`,
    status,
    'http',
    cause,
    explanation,
    field,
  );
}

function parseAnswer<T extends z.ZodType>(text: string, schema: T, what: string): z.infer<T> {
  const parsed = schema.safeParse(safeJson(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.')}: ${issue.message}` : 'unexpected shape';
    throw new GatewayError(
      `Gateway ${what} answered an unexpected shape (${where})`,
      200,
      'invalid-response',
    );
  }
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function asGatewayError(error: unknown, what: string): GatewayError {
  if (error instanceof GatewayError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new GatewayError(`Gateway ${what} did not answer in time`, undefined, 'timeout');
  }
  const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
  return new GatewayError(`Gateway ${what} could not be reached: ${reason}`, undefined, 'network');
}

function segment(value: string): string {
  return encodeURIComponent(value);
}
