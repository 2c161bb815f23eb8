/**
 * The MPGS REST subset the sandbox speaks (Hosted Checkout, retrieve order, capture, void,
 * refund): zod schemas for what comes in, types for what goes out. This is the gateway's
 * protocol, not the shop's contract, so unknown request fields are ignored as a subset should.
 */
import { z } from 'zod';
import type {
  gatewayCodes,
  gatewayOperations,
  gatewayOrderStatuses,
  gatewayTransactionResults,
  gatewayTransactionTypes,
} from '../../db/schema/gateway-sandbox';
import type { WalletProvider } from './test-wallets';

export type CheckoutOperation = (typeof gatewayOperations)[number];
export type OrderStatus = (typeof gatewayOrderStatuses)[number];
export type TransactionType = (typeof gatewayTransactionTypes)[number];
export type TransactionResult = (typeof gatewayTransactionResults)[number];
export type GatewayCode = (typeof gatewayCodes)[number];

/** The API version the sandbox answers as; it accepts any version from 63, when Hosted Checkout began. */
export const API_VERSION = '100';
const FIRST_CHECKOUT_VERSION = 63;

// The gateway's own identifier rules: 1 to 40 characters of a restricted set.
const identifier = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may hold only letters, digits and - _ . :');
const absoluteHttpUrl = z.url({ protocol: /^https?$/ }).max(2048);
const amount = z.union([z.string().min(1).max(14), z.number().positive()]);
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD');

export const versionParamsSchema = z.object({
  version: z.coerce.number().int().min(FIRST_CHECKOUT_VERSION),
  merchantId: identifier,
});

export const orderParamsSchema = versionParamsSchema.extend({ orderId: identifier });
export const transactionParamsSchema = orderParamsSchema.extend({ transactionId: identifier });

export const initiateCheckoutSchema = z.object({
  apiOperation: z.literal('INITIATE_CHECKOUT'),
  interaction: z.object({
    operation: z.enum(['PURCHASE', 'AUTHORIZE']),
    // Both required here: the hosted page must be able to send the payer back either way.
    returnUrl: absoluteHttpUrl,
    cancelUrl: absoluteHttpUrl,
    merchant: z.object({ name: z.string().min(1).max(40) }).optional(),
    /** Seconds the payer has, else the gateway's default (SESSION_LIFETIME_MS). */
    timeout: z.coerce.number().int().min(1).max(86_400).optional(),
  }),
  order: z.object({
    id: identifier,
    amount,
    currency,
    description: z.string().min(1).max(127),
  }),
  /**
   * Credential on file: TO_BE_STORED, the payer agreed to have the card stored for later
   * payments; the approved payment then makes a token (Credential on File Transactions,
   * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/cred-file-transc/,
   * and Credential on File for Hosted Checkout, "Hosted Checkout generates a payment token after
   * a successful authorization":
   * https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-gateway-features/cof-hosted-checkout/).
   */
  sourceOfFunds: z
    .object({
      provided: z
        .object({
          card: z
            .object({ storedOnFile: z.enum(['NOT_STORED', 'TO_BE_STORED', 'STORED']).optional() })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  /** INTERNET: the cardholder starts the payment (a CIT), cred-file-transc above. */
  transaction: z.object({ source: z.enum(['INTERNET', 'MERCHANT']).optional() }).optional(),
});
export type InitiateCheckoutRequest = z.infer<typeof initiateCheckoutSchema>;

export const transactionRequestSchema = z.discriminatedUnion('apiOperation', [
  z.object({
    apiOperation: z.literal('CAPTURE'),
    transaction: z.object({ amount, currency }),
  }),
  z.object({
    apiOperation: z.literal('REFUND'),
    transaction: z.object({ amount, currency }),
  }),
  z.object({
    apiOperation: z.literal('VOID'),
    transaction: z.object({ targetTransactionId: identifier }),
  }),
]);
export type TransactionRequest = z.infer<typeof transactionRequestSchema>;

export interface CheckoutSessionAnswer {
  checkoutMode: 'WEBSITE';
  merchant: string;
  result: 'SUCCESS';
  session: { id: string; updateStatus: 'SUCCESS'; version: string };
  successIndicator: string;
}

export interface CardView {
  brand: string;
  /** Masked as the gateway shows merchants: only the last four digits. */
  number: string;
}

/**
 * A wallet payment's card as Retrieve Order shows it: "sourceOfFunds.provided.card.encryption
 * = DEVICE", "deviceSpecificNumber: The DPAN in masked format", its expiry,
 * "sourceOfFunds.provided.card.number: The FPAN in masked format" and
 * "devicePayment.cryptogramFormat" (https://na.gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickPaymentMethod/devicePayments/ApplePay.html).
 */
export interface DeviceCardView extends CardView {
  encryption: 'DEVICE';
  deviceSpecificNumber: string;
  deviceSpecificExpiry: { month: string; year: string };
  expiry: { month: string; year: string };
  devicePayment: { cryptogramFormat: '3DSECURE' };
}

export interface TransactionEntry {
  result: TransactionResult;
  response: { gatewayCode: GatewayCode; acquirerCode: string };
  transaction: {
    id: string;
    type: TransactionType;
    amount: number;
    currency: string;
    targetTransactionId?: string;
  };
  sourceOfFunds?: { type: 'CARD'; provided: { card: CardView | DeviceCardView }; token?: string };
  timeOfRecord: string;
}

export interface OrderSummary {
  id: string;
  amount: number;
  currency: string;
  description: string;
  status: OrderStatus;
  totalAuthorizedAmount: number;
  totalCapturedAmount: number;
  totalRefundedAmount: number;
  creationTime: string;
  lastUpdatedTime: string;
}

export interface RetrieveOrderAnswer extends OrderSummary {
  merchant: string;
  /** The wallet the order was paid with (order.walletProvider, as DeviceCardView's page names it). */
  walletProvider?: WalletProvider;
  result: TransactionResult;
  transaction: TransactionEntry[];
}

export interface TransactionAnswer extends Omit<TransactionEntry, 'sourceOfFunds'> {
  merchant: string;
  order: OrderSummary;
  version: string;
}

/**
 * Retrieve Token's answer (GET .../token/{tokenid}, Gateway Tokenization:
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/tokenization/gw-tokenization/).
 */
export interface TokenAnswer {
  result: 'SUCCESS';
  status: 'VALID';
  token: string;
  repositoryId: string;
  sourceOfFunds: {
    type: 'CARD';
    provided: { card: CardView & { expiry: string; scheme: string } };
  };
  usage: { lastUpdated: string };
}

export const tokenParamsSchema = versionParamsSchema.extend({
  tokenId: z.string().regex(/^[A-Za-z0-9]{1,40}$/, 'may hold only letters and digits'),
});

export interface ErrorAnswer {
  result: 'ERROR';
  error: {
    cause: 'INVALID_REQUEST' | 'SERVER_FAILED';
    explanation: string;
    field?: string;
    validationType?: 'INVALID' | 'MISSING';
  };
}
