/**
 * The operator API the console uses (issue 30): its paths, fixed so scripts can rely on them,
 * and the schemas of what goes in and out. JSON, bearer tokens of operator sessions only (a
 * buyer's token is refused on every one), anti-forgery on every state change as elsewhere.
 */
import { z } from 'zod';
import { ONE_TIME_CODE_LENGTH } from './account-texts';
import { apiPath } from './api-path';
import { operatorRoles } from './ops-texts';
import { orderStatusSchema } from './orders';
import { plainText } from './text';

export const opsApiPaths = {
  signIn: apiPath('/api/ops/sign-in'),
  verify: apiPath('/api/ops/sign-in/verify'),
  signOut: apiPath('/api/ops/sign-out'),
  me: apiPath('/api/ops/me'),
  orders: apiPath(
    '/api/ops/orders',
    (fill) =>
      (query: string = '') =>
        query ? `${fill()}?q=${encodeURIComponent(query)}` : fill(),
  ),
  order: apiPath('/api/ops/orders/:ref'),
  refund: apiPath('/api/ops/orders/:ref/refund'),
  retry: apiPath('/api/ops/orders/:ref/retry'),
  resendEsimMail: apiPath('/api/ops/orders/:ref/resend-esim-mail'),
  audit: apiPath('/api/ops/audit'),
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

export const opsOrdersQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
});

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
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetailSchema>;

export const opsRefundRequestSchema = z.strictObject({
  reason: plainText(z.string().trim().min(3).max(500)),
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
