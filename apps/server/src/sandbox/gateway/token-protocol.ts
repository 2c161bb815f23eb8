/**
 * The requests that pay or authenticate with a saved card's gateway token: AUTHORIZE, PAY and
 * VERIFY (Credential on File, https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/cred-file-transc/),
 * INITIATE_AUTHENTICATION and AUTHENTICATE_PAYER (EMV 3-D Secure with the Payer
 * Authentication API, https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/authentication/3d-secure-auth/3ds-payer-auth-api/).
 * Only a gateway token is taken as the card here; unknown fields are ignored, as in protocol.ts.
 */
import { z } from 'zod';
import { transactionRequestSchema } from './protocol';

const identifier = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may hold only letters, digits and - _ . :');
const amount = z.union([z.string().min(1).max(14), z.number().positive()]);
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD');

/** The shape tokenParamsSchema (protocol.ts) takes in a path. */
const token = z.string().regex(/^[A-Za-z0-9]{1,40}$/, 'may hold only letters and digits');

/**
 * sourceOfFunds.type CARD with sourceOfFunds.token names a card stored by gateway tokenization;
 * storedOnFile STORED says it was stored before (cred-file-transc).
 */
const tokenSourceOfFunds = z.object({
  type: z.literal('CARD').optional(),
  token,
  provided: z
    .object({
      card: z
        .object({ storedOnFile: z.enum(['NOT_STORED', 'TO_BE_STORED', 'STORED']).optional() })
        .optional(),
    })
    .optional(),
});

/**
 * INTERNET and the other cardholder channels: a CIT; MERCHANT: an MIT (cred-file-transc). The
 * gateway takes the merchant's default when absent, INTERNET for a web shop.
 */
export const transactionSources = [
  'INTERNET',
  'MOTO',
  'MAIL_ORDER',
  'TELEPHONE_ORDER',
  'VOICE_RESPONSE',
  'CALL_CENTER',
  'MERCHANT',
] as const;

/**
 * agreement.id: the merchant's own identifier, any characters, 1 to 100 (Retrieve Agreement,
 * https://credimax.gateway.mastercard.com/api/documentation/apiDocumentation/rest-json/version/latest/operation/Agreement%3a%20Retrieve%20Agreement.html).
 * Both fields optional here, so the service can refuse a missing one by its name, and count it.
 */
const agreement = z.object({
  id: z.string().min(1).max(100).optional(),
  type: z.enum(['RECURRING', 'INSTALLMENT', 'UNSCHEDULED', 'OTHER']).optional(),
});

const paymentFields = {
  order: z.object({ amount, currency, description: z.string().min(1).max(127).optional() }),
  sourceOfFunds: tokenSourceOfFunds,
  transaction: z.object({ source: z.enum(transactionSources).optional() }).optional(),
  agreement: agreement.optional(),
  /** The 3-D Secure authentication on the same order (3ds-payer-auth-api, step 3). */
  authentication: z.object({ transactionId: identifier.optional() }).optional(),
};

export const tokenPaymentRequestSchema = z.discriminatedUnion('apiOperation', [
  z.object({ apiOperation: z.literal('AUTHORIZE'), ...paymentFields }),
  z.object({ apiOperation: z.literal('PAY'), ...paymentFields }),
  // Verify takes order.currency and no amount (https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/rest-json/version/28/operation/Transaction%3a%20%20Verify.html).
  z.object({
    apiOperation: z.literal('VERIFY'),
    order: z.object({ currency }),
    sourceOfFunds: tokenSourceOfFunds,
    transaction: paymentFields.transaction,
    agreement: agreement.optional(),
  }),
]);
export type TokenPaymentRequest = z.infer<typeof tokenPaymentRequestSchema>;

/** Step 1: authentication.channel and order.currency are required (3ds-payer-auth-api). */
export const initiateAuthenticationSchema = z.object({
  apiOperation: z.literal('INITIATE_AUTHENTICATION'),
  authentication: z.object({
    channel: z.enum(['PAYER_BROWSER', 'MERCHANT_REQUESTED']),
    purpose: z.enum(['PAYMENT_TRANSACTION', 'ADD_CARD', 'REFRESH_AUTHENTICATION']).optional(),
    acceptVersions: z.string().optional(),
  }),
  order: z.object({ currency }),
  sourceOfFunds: tokenSourceOfFunds.partial({ type: true }),
});
export type InitiateAuthenticationRequest = z.infer<typeof initiateAuthenticationSchema>;

/** Step 2: the amount, and where the payer's browser goes back (3ds-payer-auth-api). */
export const authenticatePayerSchema = z.object({
  apiOperation: z.literal('AUTHENTICATE_PAYER'),
  authentication: z.object({
    redirectResponseUrl: z.url({ protocol: /^https?$/ }).max(2048),
  }),
  order: z.object({ amount, currency }),
  sourceOfFunds: tokenSourceOfFunds.partial({ type: true }),
});
export type AuthenticatePayerRequest = z.infer<typeof authenticatePayerSchema>;

export type TokenAuthenticationRequest = InitiateAuthenticationRequest | AuthenticatePayerRequest;
export type TokenTransactionRequest = TokenPaymentRequest | TokenAuthenticationRequest;

/** Every operation the transaction PUT takes: the follow-ups (protocol.ts) and the above. */
export const anyTransactionRequestSchema = z.discriminatedUnion('apiOperation', [
  ...transactionRequestSchema.options,
  ...tokenPaymentRequestSchema.options,
  initiateAuthenticationSchema,
  authenticatePayerSchema,
]);

const TOKEN_OPERATIONS: ReadonlySet<string> = new Set([
  'AUTHORIZE',
  'PAY',
  'VERIFY',
  'INITIATE_AUTHENTICATION',
  'AUTHENTICATE_PAYER',
]);

export function isTokenTransaction(request: {
  apiOperation: string;
}): request is TokenTransactionRequest {
  return TOKEN_OPERATIONS.has(request.apiOperation);
}

/** A merchant-initiated request, as its raw body says (transaction.source MERCHANT). */
export function isMerchantInitiated(body: unknown): boolean {
  const source = (body as { transaction?: { source?: unknown } } | undefined)?.transaction?.source;
  return source === 'MERCHANT';
}

/** agreement.id as the raw body sent it, if a string. */
export function sentAgreementId(body: unknown): string | undefined {
  const id = (body as { agreement?: { id?: unknown } } | undefined)?.agreement?.id;
  return typeof id === 'string' ? id : undefined;
}
