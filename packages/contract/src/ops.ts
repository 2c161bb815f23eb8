/**
 * The operator API the console uses (issue 30): its paths, fixed so scripts can rely on them,
 * and the schemas of what goes in and out. JSON, bearer tokens of operator sessions only (a
 * buyer's token is refused on every one), anti-forgery on every state change as elsewhere.
 */
import { z } from 'zod';
import { ONE_TIME_CODE_LENGTH } from './account-texts';
import { apiPath } from './api-path';
import { operatorRoles, reconciliationActions } from './ops-texts';
import { orderStatusSchema } from './orders';
import { plainText } from './text';

export const opsApiPaths = {
  signIn: apiPath('/api/ops/sign-in'),
  verify: apiPath('/api/ops/sign-in/verify'),
  signOut: apiPath('/api/ops/sign-out'),
  me: apiPath('/api/ops/me'),
  orders: apiPath('/api/ops/orders', (fill) => (search: string | OpsOrdersQuery = '') => {
    const given = typeof search === 'string' ? { q: search } : search;
    const query = new URLSearchParams(
      Object.entries(given).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `${fill()}?${query}` : fill();
  }),
  order: apiPath('/api/ops/orders/:ref'),
  refund: apiPath('/api/ops/orders/:ref/refund'),
  retry: apiPath('/api/ops/orders/:ref/retry'),
  resendEsimMail: apiPath('/api/ops/orders/:ref/resend-esim-mail'),
  markHandled: apiPath('/api/ops/orders/:ref/mark-handled'),
  audit: apiPath('/api/ops/audit'),
  backgroundJobs: apiPath('/api/ops/background-jobs'),
  reconciliation: apiPath(
    '/api/ops/reconciliation',
    (fill) => (date: string) => `${fill()}?date=${encodeURIComponent(date)}`,
  ),
  returnProviderOrder: apiPath('/api/ops/reconciliation/provider-orders/:reference/return'),
  returnPayment: apiPath('/api/ops/reconciliation/payments/:orderId/return'),
} as const;

const operatorEmail = plainText(z.email()).max(254);

export const opsSignInRequestSchema = z.strictObject({ email: operatorEmail });
export type OpsSignInRequest = z.infer<typeof opsSignInRequestSchema>;

export const opsVerifyRequestSchema = z.strictObject({
  email: operatorEmail,
  code: z.string().regex(new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`)),
  /** The authenticator's 6 digits, or one recovery code (xxxx-xxxx). */
  totp: z
    .string()
    .trim()
    .regex(/^(\d{6}|[a-z0-9]{4}-[a-z0-9]{4})$/i)
    .optional(),
});
export type OpsVerifyRequest = z.infer<typeof opsVerifyRequestSchema>;

export const operatorRoleSchema = z.enum(operatorRoles);

/** First sign-in: the secret to enrol in an authenticator app, then verify again with a code. */
export const totpSetupSchema = z.object({
  totpSetup: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});
export const opsSessionSchema = z.object({
  token: z.string(),
  role: operatorRoleSchema,
  email: z.string(),
  expiresAt: z.string(),
  /** Given once, when the authenticator is enrolled: each signs in once instead of a code. */
  recoveryCodes: z.array(z.string()).optional(),
});
export const opsVerifyResponseSchema = z.union([totpSetupSchema, opsSessionSchema]);
export type OpsVerifyResponse = z.infer<typeof opsVerifyResponseSchema>;
export type OpsSession = z.infer<typeof opsSessionSchema>;

export const opsMeSchema = opsSessionSchema.pick({ email: true, role: true, expiresAt: true });

/** A calendar day, UTC, written YYYY-MM-DD. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD')
  .refine(
    (day) => {
      const start = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(start.getTime()) && start.toISOString().startsWith(day);
    },
    { message: 'must be a day of the calendar' },
  );

/** The console's order search: any reference or e-mail, narrowed by state and by days (UTC). */
export const opsOrdersQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  state: orderStatusSchema.optional(),
  /** Created on this day or later. */
  from: calendarDay.optional(),
  /** Created on this day or earlier. */
  to: calendarDay.optional(),
});
export type OpsOrdersQuery = z.infer<typeof opsOrdersQuerySchema>;

export const opsOrderSchema = z.object({
  ref: z.string(),
  state: orderStatusSchema,
  email: z.string(),
  iccid: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  plan: z.string(),
  type: z.string(),
  createdAt: z.string(),
});
export type OpsOrder = z.infer<typeof opsOrderSchema>;

export const opsOrderEventSchema = z.object({
  at: z.string(),
  event: z.string(),
  detail: z.string().nullable(),
});

export const opsOrderDetailSchema = opsOrderSchema.extend({
  events: z.array(opsOrderEventSchema),
  /** Whether a worker holds the order now: every action is refused meanwhile. */
  busy: z.boolean(),
  refundable: z.boolean(),
  /** Out of attempts after its eSIM was bought: it waits for an operator to mark it handled. */
  parked: z.boolean(),
  /**
   * Taken off the price before the card paid `amount` (issue 31): a promo code's discount and
   * store credit, in the order's currency; 0 when none.
   */
  discount: z.number(),
  credit: z.number(),
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetailSchema>;

export const opsRefundRequestSchema = z.strictObject({
  reason: plainText(z.string().trim().min(3).max(500)),
});

/** What the operator did about a parked order, kept in its history. */
export const opsMarkHandledRequestSchema = z.strictObject({
  note: plainText(z.string().trim().min(3).max(500)),
});

export const opsActionResultSchema = z.object({ ref: z.string(), state: orderStatusSchema });

export const auditEntrySchema = z.object({
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.string(),
  from: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A calendar day, UTC: the day whose orders and payments are set against each other. */
export const opsReconciliationQuerySchema = z.object({ date: calendarDay });
export type OpsReconciliationQuery = z.infer<typeof opsReconciliationQuerySchema>;

export const reconciliationActionSchema = z.enum(reconciliationActions);
export type ReconciliationAction = z.infer<typeof reconciliationActionSchema>;

/** An order eSIM Go made that no shop order holds: the merchant paid for it, nobody got it. */
export const unclaimedProviderOrderSchema = z.object({
  reference: z.string(),
  createdAt: z.string(),
  bundles: z.array(z.string()),
  iccids: z.array(z.string()),
  total: z.number(),
  currency: z.string(),
  action: reconciliationActionSchema,
});

/** Money the gateway took or holds on an order id the shop never issued. */
export const paymentWithoutOrderSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  /** The gateway's order status now (AUTHORIZED, CAPTURED…). */
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  action: reconciliationActionSchema,
});

/** A shop order paid a while ago whose eSIM was not delivered. */
export const paidNotFulfilledSchema = z.object({
  ref: z.string(),
  state: orderStatusSchema,
  paidAt: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  /** A worker holds the order now: its action is refused until the lease ends. */
  busy: z.boolean(),
  action: reconciliationActionSchema,
});

export type PaidNotFulfilledLine = z.infer<typeof paidNotFulfilledSchema>;

/** A refund begun and not finished: the buyer's money at the gateway, or ours at eSIM Go. */
export const pendingRefundSchema = z.object({
  ref: z.string(),
  /** Where the money is still to come back from. */
  side: z.enum(['gateway', 'provider']),
  since: z.string(),
  action: reconciliationActionSchema,
});

export const opsReconciliationSchema = z.object({
  date: z.string(),
  /**
   * Where the gateway's report ends: the day's end, or earlier while the gateway's reporting
   * lags behind; null when the gateway's reporting is not configured (no payments listed).
   */
  gatewayReportedUntil: z.string().nullable(),
  unclaimedProviderOrders: z.array(unclaimedProviderOrderSchema),
  paymentsWithoutOrder: z.array(paymentWithoutOrderSchema),
  paidNotFulfilled: z.array(paidNotFulfilledSchema),
  pendingRefunds: z.array(pendingRefundSchema),
});
export type OpsReconciliation = z.infer<typeof opsReconciliationSchema>;

export const opsReturnResultSchema = z.object({
  /** The provider order's reference or the gateway's order id. */
  ref: z.string(),
  /**
   * returned: settled by this call; already-returned: settled before, nothing done now;
   * pending: begun, the rest is retried in the background; in-use: nothing could go back.
   */
  outcome: z.enum(['returned', 'already-returned', 'pending', 'in-use']),
});
export type OpsReturnResult = z.infer<typeof opsReturnResultSchema>;

/**
 * A job that runs once across every instance (the reconciler's rounds, the balance check, the
 * usage poll): which instance ran it last, and when it runs next.
 */
export const backgroundJobSchema = z.object({
  name: z.string(),
  /** The instance (host:pid:random) that claimed its last round; null before the first. */
  ranBy: z.string().nullable(),
  nextRunAt: z.string(),
  running: z.boolean(),
  lastError: z.string().nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;
