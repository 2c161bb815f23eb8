/**
 * State of the built-in MPGS payment gateway sandbox (src/sandbox/gateway): checkout sessions,
 * the orders paid through them, and every transaction on those orders. Nothing of the shop
 * reads these tables; they stand in for the gateway's own database. No card data is kept
 * beyond the brand and the last four digits, as a real gateway shows merchants.
 */
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const gatewayOperations = ['PURCHASE', 'AUTHORIZE'] as const;

export const gatewayOrderStatuses = [
  // 3-D Secure: the payer was sent to the card issuer's challenge, then passed it or failed it.
  'AUTHENTICATION_INITIATED',
  'AUTHENTICATED',
  'AUTHENTICATION_UNSUCCESSFUL',
  'AUTHORIZED',
  // A VERIFY checked the card without moving money (Verify, see sandbox/gateway/token-payments.ts).
  'VERIFIED',
  'CAPTURED',
  'PARTIALLY_CAPTURED',
  'FAILED',
  'VOIDED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
] as const;

export const gatewayTransactionTypes = [
  'AUTHENTICATION',
  'AUTHORIZATION',
  'PAYMENT',
  'VERIFICATION',
  'CAPTURE',
  'VOID_AUTHORIZATION',
  'REFUND',
] as const;

/**
 * PENDING and UNKNOWN: the acquirer has not answered yet, or the gateway cannot tell how it
 * went (https://developer.mastercard.com/mastercard-gateway/documentation/testing/trans-error/).
 */
export const gatewayTransactionResults = ['SUCCESS', 'FAILURE', 'PENDING', 'UNKNOWN'] as const;
/** SUBMITTED: sent to the acquirer, no answer yet; UNKNOWN: the outcome cannot be told. */
export const gatewayCodes = ['APPROVED', 'DECLINED', 'PENDING', 'SUBMITTED', 'UNKNOWN'] as const;

/**
 * The wallets a merchant profile may offer on the hosted page, as MPGS names them in
 * order.walletProvider (https://na.gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickPaymentMethod/devicePayments/ApplePay.html).
 */
export const gatewayWalletProviders = ['APPLE_PAY', 'GOOGLE_PAY'] as const;

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in the currency's minor unit (cents for USD), so sums are exact. */
const minorAmount = (name: string) => bigint(name, { mode: 'number' });

export const gatewaySandboxSessions = pgTable(
  'gateway_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    orderId: text('order_id').notNull(),
    operation: text('operation', { enum: gatewayOperations }).notNull(),
    amountMinor: minorAmount('amount_minor').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    merchantName: text('merchant_name').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    successIndicator: text('success_indicator').notNull(),
    version: text('version').notNull(),
    /** interaction.timeout: the payer's seconds on the page; null: the gateway's default. */
    timeoutSeconds: integer('timeout_seconds'),
    /**
     * sourceOfFunds.provided.card.storedOnFile as the shop sent it (null: absent). TO_BE_STORED:
     * an approved payment makes a token (Credential on File for Hosted Checkout,
     * https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-gateway-features/cof-hosted-checkout/).
     */
    storedOnFile: text('stored_on_file'),
    /** transaction.source as the shop sent it (null: absent); INTERNET for a CIT. */
    transactionSource: text('transaction_source'),
    createdAt: moment('created_at').notNull(),
    /** Set when a payment through this session was approved. */
    paidAt: moment('paid_at'),
  },
  (table) => [index('gateway_sandbox_sessions_order_idx').on(table.merchantId, table.orderId)],
);

/** An order exists from the first payment attempt on it, as at the real gateway. */
export const gatewaySandboxOrders = pgTable(
  'gateway_sandbox_orders',
  {
    merchantId: text('merchant_id').notNull(),
    orderId: text('order_id').notNull(),
    amountMinor: minorAmount('amount_minor').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: gatewayOrderStatuses }).notNull(),
    totalAuthorizedMinor: minorAmount('total_authorized_minor').notNull().default(0),
    totalCapturedMinor: minorAmount('total_captured_minor').notNull().default(0),
    totalRefundedMinor: minorAmount('total_refunded_minor').notNull().default(0),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.orderId] })],
);

export const gatewaySandboxTransactions = pgTable(
  'gateway_sandbox_transactions',
  {
    /** Keeps the order of transactions made within the same millisecond. */
    sequence: integer('sequence').generatedAlwaysAsIdentity(),
    merchantId: text('merchant_id').notNull(),
    orderId: text('order_id').notNull(),
    /** Chosen by the merchant for captures, voids and refunds; by the gateway for payments. */
    transactionId: text('transaction_id').notNull(),
    type: text('type', { enum: gatewayTransactionTypes }).notNull(),
    result: text('result', { enum: gatewayTransactionResults }).notNull(),
    gatewayCode: text('gateway_code', { enum: gatewayCodes }).notNull(),
    amountMinor: minorAmount('amount_minor').notNull(),
    currency: text('currency').notNull(),
    targetTransactionId: text('target_transaction_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** MMYY; kept only while a 3-D Secure challenge decides whether a stored card is made. */
    cardExpiry: text('card_expiry'),
    /** The token the approved payment stored the card under, or the token it was paid with. */
    token: text('token'),
    /**
     * The test wallet the payer paid with on the hosted page (order.walletProvider), whose card
     * Retrieve Order then shows as a device payment; null for a card typed in.
     */
    walletProvider: text('wallet_provider', { enum: gatewayWalletProviders }),
    /**
     * An AUTHENTICATION's transaction.authenticationStatus (AUTHENTICATION_AVAILABLE, _PENDING,
     * _SUCCESSFUL, _FAILED) when it came through the API (token-authentication.ts); null else.
     */
    authenticationStatus: text('authentication_status'),
    /** Where the payer's browser goes back after the challenge (authentication.redirectResponseUrl). */
    redirectResponseUrl: text('redirect_response_url'),
    /** The answer given to the merchant's PUT, repeated as is when the same PUT comes again. */
    response: jsonb('response'),
    /**
     * When a capture, void or refund first answered PENDING or UNKNOWN got its outcome; such a
     * transaction may be resubmitted under its id, as MPGS asks, and is never applied twice.
     */
    settledAt: moment('settled_at'),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.orderId, table.transactionId] }),
    foreignKey({
      name: 'gateway_sandbox_transactions_order_fk',
      columns: [table.merchantId, table.orderId],
      foreignColumns: [gatewaySandboxOrders.merchantId, gatewaySandboxOrders.orderId],
    }).onDelete('cascade'),
  ],
);

/**
 * The merchant's token repository (Gateway Tokenization,
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/tokenization/gw-tokenization/):
 * a token stands for a card; the repository keeps the masked number, brand and expiry, which
 * Retrieve Token shows. A deleted token is gone: Retrieve and Delete refuse it afterwards.
 */
export const gatewaySandboxTokens = pgTable(
  'gateway_sandbox_tokens',
  {
    merchantId: text('merchant_id').notNull(),
    /** 16 digits in card-number form, as the gateway's Random generation strategy makes them. */
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    /** Masked as the gateway shows merchants: xxxxxxxxxxxx + the last four digits. */
    maskedNumber: text('masked_number').notNull(),
    /** MMYY. */
    expiry: text('expiry').notNull(),
    /** The order whose payment stored the card. */
    orderId: text('order_id').notNull(),
    /** The card is the 3-D Secure challenge test card: a CIT with it needs an authentication. */
    threeDSecure: boolean('three_d_secure').notNull().default(false),
    /** Set by the `decline-token` control: the card's issuer declines it from then on. */
    declines: boolean('declines').notNull().default(false),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.token] })],
);

/**
 * Agreements for merchant-initiated payments, each set up by an approved cardholder-initiated
 * transaction with agreement.id and agreement.type, with the token it was made for ("the first
 * transaction must be a CIT which provides the cardholder's approval for the entire series":
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/cred-file-transc/).
 */
export const gatewaySandboxAgreements = pgTable(
  'gateway_sandbox_agreements',
  {
    merchantId: text('merchant_id').notNull(),
    agreementId: text('agreement_id').notNull(),
    /** UNSCHEDULED, RECURRING, INSTALLMENT or OTHER, as the first CIT said. */
    type: text('type').notNull(),
    token: text('token').notNull(),
    /** The CIT that set it up. */
    orderId: text('order_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.agreementId] })],
);

export const mitRequestOutcomes = ['ACCEPTED', 'REFUSED'] as const;

/**
 * Every merchant-initiated request (transaction.source MERCHANT) the sandbox received, accepted
 * or refused, so tests can count that none went out without an agreement.
 */
export const gatewaySandboxMitRequests = pgTable('gateway_sandbox_mit_requests', {
  sequence: integer('sequence').generatedAlwaysAsIdentity().primaryKey(),
  merchantId: text('merchant_id').notNull(),
  orderId: text('order_id').notNull(),
  transactionId: text('transaction_id').notNull(),
  /** agreement.id as sent; null when the request had none. */
  agreementId: text('agreement_id'),
  outcome: text('outcome', { enum: mitRequestOutcomes }).notNull(),
  /** The field a refusal named (agreement.id, sourceOfFunds.token…). */
  refusedField: text('refused_field'),
  createdAt: moment('created_at').notNull(),
});
