/**
 * Orders and payments (spec sections 2, 3, 7 and 8): the payment-session request and answer,
 * the confirmation answer, the ledger entry, and the order lifecycle's statuses. The server
 * prices every order from its own catalogue, so no request here carries a price.
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { planSchema } from './catalog';
import { purchaseTypes } from './catalog-paths';
import { orderPricingSchema } from './credit';
import { giftRequestFields } from './gifts';
import { orderMessages, orderStatuses } from './order-texts';
import { isShownName } from './person-name';
import { iccidSchema } from './plan-details';
import { plainText, textField } from './text';

export const orderStatusSchema = z.enum(orderStatuses);

/** The API paths of payments and orders (spec section 7). */
export const orderApiPaths = {
  createSession: apiPath('/api/payment/create-session'),
  legacyCheckout: apiPath('/api/payment/'),
  purchase: apiPath('/api/purchase'),
  checkStatus: apiPath('/api/payment/check-status/:id'),
  /** Outside /api, as the spec writes it: `{backend}/payment/webhook_netcommerce/{ref}`. */
  confirmation: apiPath('/payment/webhook_netcommerce/:ref'),
  topupPlans: apiPath('/api/plan/topup/:iccid/:destination'),
  /** Where the web app learns the gateway's checkout.min.js for the hosted payment page. */
  gatewayCheckout: apiPath('/api/payment/gateway-checkout'),
  /**
   * Where the gateway returns the payer, outside /api and without a '#', so the gateway can
   * append its query (resultIndicator); the server sends the browser on to the web routes.
   */
  paymentReturn: apiPath('/payment/return'),
  paymentCancelReturn: apiPath('/payment/cancelled'),
  /**
   * The gateway's webhook notifications (Notification URL in MPGS Merchant Administration):
   * outside /api, called by the gateway's servers, proven by X-Notification-Secret.
   */
  gatewayNotification: apiPath('/payment/notifications'),
} as const;

const planNameField = textField({ error: orderMessages.noPlanSelected })
  .trim()
  .min(1, { error: orderMessages.noPlanSelected })
  .max(200, { error: orderMessages.noPlanSelected });

const emailField = plainText(z.email({ error: orderMessages.invalidEmail })).max(254, {
  error: orderMessages.invalidEmail,
});

const nameField = textField({ error: orderMessages.nameRequired })
  .trim()
  .max(100, { error: orderMessages.nameRequired })
  .refine(isShownName(1), { error: orderMessages.nameRequired });

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
    /**
     * The buyer confirms a plan for their own country (the account's mobile country): the
     * shop refuses one without it (issue 31). Not needed for any other destination.
     */
    pur_home_country_confirmed: z
      .boolean({ error: 'pur_home_country_confirmed must be true or false' })
      .optional(),
    // A gift (issue 31): gifts.ts.
    ...giftRequestFields,
    /** Spend the buyer's store credit on this order (issue 31); the server decides how much. */
    pur_use_credit: z.boolean().optional(),
    /**
     * A promo code (issue 31, promo-codes.ts); the server quotes and takes it, and answers 400
     * with the reason when it does not apply. Empty is none.
     */
    pur_promo_code: z.string().trim().max(64).optional(),
    /**
     * Save the card for later payments (issue 32, saved-cards.ts): the buyer's card-on-file
     * consent, given on the shop's page before the gateway. The gateway keeps the card; the
     * shop keeps its token once the payment is confirmed.
     */
    pur_save_card: z.boolean({ error: 'pur_save_card must be true or false' }).optional(),
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
  /** What the order costs and what the card pays (`total`), VAT and stamps on what is charged. */
  pricing: orderPricingSchema,
});
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

/** Legacy checkout (`POST /api/payment/`): the plan's name and the checkout form. */
export const legacyCheckoutRequestSchema = z.strictObject({
  pla_name: planNameField,
  cli_email: emailField,
  cli_name: nameField,
  cli_mobile: textField().trim().max(40).optional(),
});
export type LegacyCheckoutRequest = z.input<typeof legacyCheckoutRequestSchema>;

/**
 * Legacy purchase (`POST /api/purchase`): the plan object as the plan page shows it, plus an
 * optional top-up target. Its price is read but never used: the catalogue's price is charged.
 */
export const purchaseRequestSchema = z.strictObject({
  ...planSchema.partial().shape,
  // The plan's texts are echoed back unused, yet they are still text from outside.
  pla_description: textField().optional(),
  pla_title: textField().optional(),
  pla_speeds: z.array(textField()).optional(),
  pla_networks: z.array(z.object({ name: textField(), speeds: z.array(textField()) })).optional(),
  pla_image_url: textField().optional(),
  plg_name: textField().optional(),
  plc_region: textField().optional(),
  plc_iso: textField().optional(),
  plc_name: textField().optional(),
  pla_name: planNameField,
  pur_type: purchaseTypeField,
  pur_client_iccid: optionalIccidField,
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

/** `TRN-` and 16 base32 letters: long and random enough that nobody guesses another's. */
export const orderReferenceSchema = textField().regex(/^TRN-[A-Z2-7]{16}$/, {
  error: orderMessages.invalidReference,
});

export const orderReferenceParamsSchema = z.object({ ref: orderReferenceSchema });
export const checkStatusParamsSchema = z.object({ id: orderReferenceSchema });

/** The hosted page's `resultIndicator`, when the web app passes it on; checked, never trusted. */
/** `GET /api/payment/gateway-checkout`: the gateway's Checkout library, for `#/payment`. */
export const gatewayCheckoutSchema = z.object({
  /** `{gateway}/static/checkout/checkout.min.js`, as MPGS documents it. */
  checkout_script_url: z.url({ protocol: /^https?$/ }),
});
export type GatewayCheckout = z.infer<typeof gatewayCheckoutSchema>;

/** What the gateway appends to the return URL (MPGS Hosted Checkout). */
export const paymentReturnQuerySchema = z.object({
  resultIndicator: textField().min(1).max(100).optional(),
  sessionVersion: textField().min(1).max(100).optional(),
});

export const confirmationQuerySchema = z.object({
  resultIndicator: textField().min(1).max(100).optional(),
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
  /**
   * When the buyer got this purchase's money back (a self-service refund), ISO 8601; null or
   * absent while it stands. Optional, so clients built before it still parse the ledger.
   */
  led_refunded_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Store credit spent on the purchase besides what the card paid (led_enduser_price). */
  led_credit_used: z.number().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `GET /api/plan/topup/{iccid}/{destination}`: destination is an ISO code or a region name. */
export const topupPlansParamsSchema = z.object({
  iccid: iccidSchema,
  destination: textField().trim().min(1).max(60),
});
