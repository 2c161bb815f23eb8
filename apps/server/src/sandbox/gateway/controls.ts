/**
 * Test switches of the gateway sandbox, at /_sandbox/gateway/control (no credentials: they are
 * not the gateway's): replay a reused transaction id instead of refusing it, lose the answer
 * to the next transactions after they took effect, as a dropped connection does, go down
 * (every call's connection dropped before anything is done, as with the gateway unreachable),
 * and answer the next transactions PENDING or UNKNOWN, their outcome coming later; set how far
 * the Reporting API's data lags behind, and take a payment on an order id no merchant issued
 * (orphan-payments.ts). They live in this process: tests drive the app instance whose sandbox
 * they call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type ReusedTransactionIds = 'replay' | 'refuse';

export interface GatewayControlState {
  /** refuse (the default): any reuse is an error; replay: the same PUT again gets its first answer. */
  reusedTransactionIds: ReusedTransactionIds;
  /** Transactions still to apply without answering. */
  lostAnswers: number;
  /**
   * API calls dropped unanswered, changing nothing, until the faults are cleared: all of them
   * ('all'), or only transactions of one operation ('CAPTURE'); false when up.
   */
  down: false | 'all' | TransactionOperation;
  /**
   * The order's status once its authorisation is voided. The stored MPGS pages do not list the
   * order statuses; the gateway is reported to say CANCELLED, and the shop's first reading was
   * VOIDED. CANCELLED by default: the form the shop did not expect.
   */
  voidedOrderStatus: VoidedOrderStatus;
  /** Where the challenge html is answered (token-authentication.ts). */
  authenticationRedirect: AuthenticationRedirectField;
  /**
   * Transactions still to answer without an outcome (PENDING: the acquirer has not answered;
   * UNKNOWN: the gateway cannot tell), of one operation or any; undefined when none.
   */
  unsettled: UnsettledFault | undefined;
  /**
   * How far the Reporting API's data lags behind the present: a report may not end later. Five
   * minutes by default (see reporting.ts); a test that reports what it just did sets 0.
   */
  reportingLagMs: number;
}

export interface UnsettledFault {
  result: UnsettledResult;
  count: number;
  operation: TransactionOperation | undefined;
}

export const unsettledResults = ['PENDING', 'UNKNOWN'] as const;
export type UnsettledResult = (typeof unsettledResults)[number];

export const voidedOrderStatuses = ['CANCELLED', 'VOIDED'] as const;

/**
 * Where Authenticate Payer's answer puts the challenge html: authentication.redirect.html (API
 * version 100, the default) or authentication.redirectHtml (older versions). One at a time, as
 * a real gateway answers: a merchant reading only one of them fails here as it would there.
 */
export const authenticationRedirectFields = ['redirect.html', 'redirectHtml'] as const;
export type AuthenticationRedirectField = (typeof authenticationRedirectFields)[number];
export type VoidedOrderStatus = (typeof voidedOrderStatuses)[number];

/** The transactions a partial outage can hit (MPGS's apiOperation). */
export const transactionOperations = ['CAPTURE', 'REFUND', 'VOID'] as const;
export type TransactionOperation = (typeof transactionOperations)[number];

export interface GatewayControls {
  state(): GatewayControlState;
  /** True when this transaction's answer is to be lost; uses up one. */
  takeLostAnswer(): boolean;
  /** Whether a call (a transaction of this operation, or another call) is to be dropped. */
  isDown(operation: string | undefined): boolean;
  /** An order's status as the answers show it (a voided order in the chosen form). */
  shownStatus(status: string): string;
  /** The result this transaction is to get instead of an outcome, if any; uses up one. */
  takeUnsettled(operation: TransactionOperation): UnsettledResult | undefined;
}

const reportingSchema = z.strictObject({ lagSeconds: z.number().int().min(0).max(86_400) });
const orphanPaymentSchema = z.strictObject({
  amount: z.union([z.string().min(1), z.number().positive()]),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** AUTHORIZE leaves a hold to void; PURCHASE (the default) takes the money. */
  operation: z.enum(['AUTHORIZE', 'PURCHASE']).default('PURCHASE'),
});
export type OrphanPaymentRequest = z.infer<typeof orphanPaymentSchema>;

const shapesSchema = z.strictObject({
  voidedOrder: z.enum(voidedOrderStatuses).optional(),
  authenticationRedirect: z.enum(authenticationRedirectFields).optional(),
});
const transactionIdsSchema = z.strictObject({ reuse: z.enum(['replay', 'refuse']) });
const faultSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('none') }),
  z.strictObject({ mode: z.literal('loseAnswer'), count: z.number().int().min(1).default(1) }),
  z.strictObject({ mode: z.literal('down'), operation: z.enum(transactionOperations).optional() }),
  z.strictObject({
    mode: z.literal('unsettled'),
    result: z.enum(unsettledResults).default('PENDING'),
    count: z.number().int().min(1).default(1),
    operation: z.enum(transactionOperations).optional(),
  }),
]);

/** The MSO event reports' documented lag, assumed for transaction reports (reporting.ts). */
export const DEFAULT_REPORTING_LAG_MS = 5 * 60_000;

// Refusing is the default: MPGS documents a transaction id as "unique for transactions you
// create within an order", never as a key it replays
// (https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-batch/integrate-hosted-batch/know-your-input-fields/),
// and a stand-in must be at least as strict as the real gateway.
const initialState = (): GatewayControlState => ({
  reusedTransactionIds: 'refuse',
  lostAnswers: 0,
  down: false,
  voidedOrderStatus: 'CANCELLED',
  authenticationRedirect: 'redirect.html',
  unsettled: undefined,
  reportingLagMs: DEFAULT_REPORTING_LAG_MS,
});

/**
 * `settleNow` gives every transaction answered without an outcome its outcome at once (the
 * acquirer answers); it returns how many orders it settled. `takeOrphanPayment` records a
 * payment on an order id of its own choosing and answers it.
 */
export function createControls(
  settleNow: () => Promise<number>,
  takeOrphanPayment: (request: OrphanPaymentRequest) => Promise<{ orderId: string }>,
): GatewayControls & { routes: FastifyPluginAsyncZod } {
  let current = initialState();

  const routes: FastifyPluginAsyncZod = async (control) => {
    control.get('/', { schema: { hide: true } }, async () => current);
    control.post(
      '/transaction-ids',
      { schema: { hide: true, body: transactionIdsSchema } },
      async (request) => {
        current = { ...current, reusedTransactionIds: request.body.reuse };
        return current;
      },
    );
    control.post('/faults', { schema: { hide: true, body: faultSchema } }, async (request) => {
      const fault = request.body;
      current = {
        ...current,
        lostAnswers: fault.mode === 'loseAnswer' ? fault.count : 0,
        down: fault.mode === 'down' ? (fault.operation ?? 'all') : false,
        unsettled:
          fault.mode === 'unsettled'
            ? { result: fault.result, count: fault.count, operation: fault.operation }
            : undefined,
      };
      return current;
    });
    control.post('/shapes', { schema: { hide: true, body: shapesSchema } }, async (request) => {
      const { voidedOrder, authenticationRedirect } = request.body;
      current = {
        ...current,
        voidedOrderStatus: voidedOrder ?? current.voidedOrderStatus,
        authenticationRedirect: authenticationRedirect ?? current.authenticationRedirect,
      };
      return current;
    });
    control.post(
      '/reporting',
      { schema: { hide: true, body: reportingSchema } },
      async (request) => {
        current = { ...current, reportingLagMs: request.body.lagSeconds * 1000 };
        return current;
      },
    );
    // A payment the shop never asked for (another integration on the same merchant, a test
    // order made by hand): the reconciliation is to find it and give the money back.
    control.post(
      '/orphan-payment',
      { schema: { hide: true, body: orphanPaymentSchema } },
      async (request) => takeOrphanPayment(request.body),
    );
    control.post('/settle', { schema: { hide: true } }, async () => ({
      settledOrders: await settleNow(),
    }));
    control.post('/reset', { schema: { hide: true } }, async () => {
      current = initialState();
      return current;
    });
  };

  return {
    routes,
    state: () => current,
    shownStatus(status) {
      return status === 'VOIDED' ? current.voidedOrderStatus : status;
    },
    isDown(operation) {
      return current.down === 'all' || (current.down !== false && current.down === operation);
    },
    takeUnsettled(operation) {
      const fault = current.unsettled;
      if (!fault || (fault.operation !== undefined && fault.operation !== operation)) return;
      const count = fault.count - 1;
      current = { ...current, unsettled: count > 0 ? { ...fault, count } : undefined };
      return fault.result;
    },
    takeLostAnswer() {
      if (current.lostAnswers <= 0) return false;
      current = { ...current, lostAnswers: current.lostAnswers - 1 };
      return true;
    },
  };
}
