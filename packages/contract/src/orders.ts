/**
 * Orders and payments (spec sections 2, 3, 7 and 8): the payment-session request and answer,
 * the confirmation answer, the ledger entry, and the order lifecycle's statuses. The server
 * prices every order from its own catalogue, so no request here carries a price.
 */
import { z } from 'zod';
import { planSchema, purchaseTypes } from './catalog';
import { iccidSchema } from './plan-details';

/** Texts the spec fixes for buying, and the server's own answers around payment. */
export const orderMessages = {
  noPlanSelected: 'No plan selected for purchase.',
  // The misspelling is the spec's, kept so the alert reads as it always did.
  paymentCanceled: 'Error: Paymenrt canceled',
  emailMismatch: 'The e-mail address must be the one you signed in with.',
  invalidEmail: 'Please enter a valid email',
  nameRequired: 'Name is required',
  iccidRequired: 'A top-up needs the ICCID of one of your eSIMs.',
  esimNotFound: 'eSIM not found',
  orderNotFound: 'Order not found',
  gatewayUnavailable:
    'The payment page could not be opened right now. Nothing was charged; please try again in a moment.',
  confirmationUnavailable:
    'We could not reach the payment gateway to confirm your payment. Please check your account again in a few minutes.',
  resultIndicatorMismatch: 'The payment result does not belong to this order.',
  invalidReference: 'The order reference is not valid.',
} as const;

/**
 * The order lifecycle (ARCHITECTURE.md "Order lifecycle"):
 * created -> awaiting_payment -> paid -> fulfilling -> fulfilled,
 * with payment_failed, cancelled, and fulfilment_failed -> refunded.
 */
export const orderStatuses = [
  'created',
  'awaiting_payment',
  'paid',
  'fulfilling',
  'fulfilled',
  'payment_failed',
  'cancelled',
  'fulfilment_failed',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusSchema = z.enum(orderStatuses);

/** For the `default` branch of a switch over a union: a new member fails to compile there. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${String(value)}`);
}

/** What the buyer is told about an order in each status. */
export function orderStatusMessage(status: OrderStatus): string {
  switch (status) {
    case 'created':
      return 'The payment has not been started yet.';
    case 'awaiting_payment':
      return 'We are waiting for the payment gateway to confirm your payment.';
    case 'paid':
      return 'Payment received. Your eSIM is being prepared.';
    case 'fulfilling':
      return 'Payment received. Your eSIM is being prepared; it will be in your account shortly.';
    case 'fulfilled':
      return 'Your eSIM is ready. We have e-mailed you the QR code and installation details.';
    case 'payment_failed':
      return 'Your payment was not accepted. You have not been charged.';
    case 'cancelled':
      return 'This order was cancelled because no payment was made.';
    case 'fulfilment_failed':
      return 'We could not deliver your eSIM. Your payment is being returned.';
    case 'refunded':
      return 'We could not deliver your eSIM, so your payment was returned. You have not been charged.';
    default:
      return assertNever(status, 'order status');
  }
}

/** No further change will come by itself: nothing to wait for. */
export function isSettledOrderStatus(status: OrderStatus): boolean {
  switch (status) {
    case 'fulfilled':
    case 'payment_failed':
    case 'cancelled':
    case 'refunded':
      return true;
    case 'created':
    case 'awaiting_payment':
    case 'paid':
    case 'fulfilling':
    case 'fulfilment_failed':
      return false;
    default:
      return assertNever(status, 'order status');
  }
}

/** The API paths of payments and orders (spec section 7). */
export const orderApiPaths = {
  createSession: '/api/payment/create-session',
  legacyCheckout: '/api/payment/',
  purchase: '/api/purchase',
  checkStatus: (reference: string) => `/api/payment/check-status/${encodeURIComponent(reference)}`,
  /** Outside /api, as the spec writes it: `{backend}/payment/webhook_netcommerce/{ref}`. */
  confirmation: (reference: string) =>
    `/payment/webhook_netcommerce/${encodeURIComponent(reference)}`,
  topupPlans: (iccid: string, destination: string) =>
    `/api/plan/topup/${encodeURIComponent(iccid)}/${encodeURIComponent(destination)}`,
} as const;

const planNameField = z
  .string({ error: orderMessages.noPlanSelected })
  .trim()
  .min(1, { error: orderMessages.noPlanSelected })
  .max(200, { error: orderMessages.noPlanSelected });

const emailField = z.email({ error: orderMessages.invalidEmail }).max(254, {
  error: orderMessages.invalidEmail,
});

const nameField = z
  .string({ error: orderMessages.nameRequired })
  .trim()
  .min(1, { error: orderMessages.nameRequired })
  .max(100, { error: orderMessages.nameRequired });

/** Older clients send an empty string or null for "no ICCID" on a new eSIM. */
const optionalIccidField = z
  .union([iccidSchema, z.literal(''), z.null()])
  .optional()
  .transform((iccid) => iccid || undefined);

const purchaseTypeField = z.enum(purchaseTypes).default('Regular');

/**
 * Opens a payment for a plan. Strict: a price (or any other unknown field) is refused with
 * a 400 naming it, since the server prices the order from its own catalogue.
 */
export const createSessionRequestSchema = z
  .strictObject({
    pur_pla_name: planNameField,
    pur_client_name: nameField,
    pur_client_email: emailField,
    pur_client_iccid: optionalIccidField,
    pur_type: purchaseTypeField,
  })
  .refine((request) => request.pur_type === 'Regular' || request.pur_client_iccid, {
    error: orderMessages.iccidRequired,
    path: ['pur_client_iccid'],
  });
export type CreateSessionRequest = z.input<typeof createSessionRequestSchema>;
export type ParsedCreateSessionRequest = z.output<typeof createSessionRequestSchema>;

export const createSessionResponseSchema = z.object({
  gateway_transaction: z.object({
    /** True when the gateway opened a session and the browser can go and pay. */
    updateStatus: z.boolean(),
    sessionid: z.string(),
  }),
  /** The order's reference at the gateway; the confirmation call names the order by it. */
  led_payment_gateway_ref: z.string(),
  /** The hosted payment page of the session, where the web app sends the browser. */
  payment_url: z.string(),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

/** Legacy checkout (`POST /api/payment/`): the plan's name and the checkout form. */
export const legacyCheckoutRequestSchema = z.strictObject({
  pla_name: planNameField,
  cli_email: emailField,
  cli_name: nameField,
  cli_mobile: z.string().trim().max(40).optional(),
});
export type LegacyCheckoutRequest = z.input<typeof legacyCheckoutRequestSchema>;

/**
 * Legacy purchase (`POST /api/purchase`): the plan object as the plan page shows it, plus an
 * optional top-up target. Its price is read but never used: the catalogue's price is charged.
 */
export const purchaseRequestSchema = z.strictObject({
  ...planSchema.partial().shape,
  pla_name: planNameField,
  pur_type: purchaseTypeField,
  pur_client_iccid: optionalIccidField,
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

/** `TRN-` and 16 base32 letters: long and random enough that nobody guesses another's. */
export const orderReferenceSchema = z
  .string()
  .regex(/^TRN-[A-Z2-7]{16}$/, { error: orderMessages.invalidReference });

export const orderReferenceParamsSchema = z.object({ ref: orderReferenceSchema });
export const checkStatusParamsSchema = z.object({ id: orderReferenceSchema });

/** The hosted page's `resultIndicator`, when the web app passes it on; checked, never trusted. */
export const confirmationQuerySchema = z.object({
  resultIndicator: z.string().min(1).max(100).optional(),
});

export const paymentConfirmationSchema = z.object({
  status: orderStatusSchema,
  message: z.string(),
  /** The eSIM's ICCID once it is delivered (or the one topped up). */
  iccid: z.string().optional(),
});
export type PaymentConfirmation = z.infer<typeof paymentConfirmationSchema>;

/** An invoice line of the profile (spec section 3, "Ledger entry"). */
export const ledgerEntrySchema = z.object({
  led_id: z.number().int(),
  led_iccid: z.string(),
  led_pla_name: z.string(),
  led_pla_description: z.string(),
  /** What the buyer paid, VAT and stamps included. */
  led_enduser_price: z.number(),
  led_currency: z.string(),
  /** When the sale was booked, ISO 8601. */
  led_gl: z.iso.datetime({ offset: true }),
  /** The country's ISO code, or the region's name for a regional plan. */
  led_iso: z.string(),
  led_country: z.string(),
  led_payment_gateway_ref: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `GET /api/plan/topup/{iccid}/{destination}`: destination is an ISO code or a region name. */
export const topupPlansParamsSchema = z.object({
  iccid: iccidSchema,
  destination: z.string().trim().min(1).max(60),
});
