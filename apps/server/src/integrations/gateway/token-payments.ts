/**
 * Paying with a saved card's gateway token (issue 32): the request bodies of a cardholder-
 * initiated payment (CIT), of the VERIFY that sets up an agreement for merchant-initiated
 * payments (MIT), of an MIT, and of 3-D Secure's two steps; and how the gateway's answers to
 * the authentication are read. Pure functions: client.ts sends them and never retries them.
 */
import { gatewayAmount } from './amounts';
import type { AuthenticationAnswer } from './schemas';

export type PaymentInitiator = 'cardholder' | 'merchant';

/** An agreement with the payer for later merchant-initiated payments (cit-mit). */
export interface PaymentAgreement {
  id: string;
  type: 'UNSCHEDULED';
}

export interface TokenPaymentInput {
  orderId: string;
  transactionId: string;
  token: string;
  amount: number;
  currency: string;
  /** cardholder: a CIT (the buyer taps "Pay"); merchant: an MIT (automatic top-up). */
  initiator: PaymentInitiator;
  /** Required for a merchant-initiated payment: the agreement set up at opt-in. */
  agreement?: PaymentAgreement;
  /** The 3-D Secure authentication's transaction id on this same order, when the payer authenticated. */
  authenticationTransactionId?: string;
}

export interface VerifyWithTokenInput {
  orderId: string;
  transactionId: string;
  token: string;
  currency: string;
  agreement: PaymentAgreement;
}

export type PayerAuthentication =
  /** Authenticated without a challenge: authorise with authenticationTransactionId. */
  | { kind: 'frictionless' }
  /** The browser must show the gateway's redirect html. */
  | { kind: 'challenge'; redirectHtml: string }
  /** No 3DS for this card: authorise without authentication. */
  | { kind: 'not-available' }
  /** gatewayRecommendation DO_NOT_PROCEED. */
  | { kind: 'refused' };

/** The payer's browser, as Authenticate Payer wants it described; defaults when unknown. */
export interface PayerBrowser {
  userAgent?: string;
  acceptHeaders?: string;
  language?: string;
  ipAddress?: string;
}

export interface AuthenticationInput {
  orderId: string;
  transactionId: string;
  token: string;
  amount: number;
  currency: string;
  redirectResponseUrl: string;
  /** Optional: what the shop knows of the payer's browser (the issuer's risk check uses it). */
  browser?: PayerBrowser;
}

export type AuthenticationOutcome = 'authenticated' | 'failed' | 'pending';

/**
 * The stored card, named by its token: "sourceOfFunds.type = CARD ... sourceOfFunds.token"
 * and "sourceOfFunds.provided.card.storedOnFile = STORED" in every payment with stored
 * details, CIT or MIT (Credential on File Transactions,
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/cred-file-transc/).
 */
function storedCard(token: string) {
  return {
    type: 'CARD',
    token,
    provided: { card: { storedOnFile: 'STORED' } },
  } as const;
}

/**
 * transaction.source: INTERNET marks a payment the cardholder starts (a CIT), MERCHANT one the
 * merchant starts under an agreement (an MIT), cred-file-transc above and Recurring Payments
 * (https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/cit-mit/).
 */
const sourceOf = { cardholder: 'INTERNET', merchant: 'MERCHANT' } as const;

/**
 * AUTHORIZE with a token (Authorize: order.amount and order.currency are required,
 * https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/rest-json/version/latest/operation/Transaction%3a%20%20Authorize.html).
 * A CIT after 3-D Secure names the authentication by authentication.transactionId, on the same
 * order ("Step 3: Use the Authentication Result in a Payment Operation",
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/authentication/3d-secure-auth/3ds-payer-auth-api/).
 * An MIT carries agreement.id and agreement.type of the series the first CIT set up
 * (cred-file-transc); a CIT may carry them too, which sets the agreement up.
 */
export function authorizeWithTokenRequest(input: TokenPaymentInput) {
  if (input.initiator === 'merchant' && !input.agreement) {
    // Never sent: the gateway refuses an MIT outside an agreement, and the card schemes
    // require the cardholder's consent to the series first (cred-file-transc).
    throw new Error('A merchant-initiated payment needs the agreement set up at opt-in');
  }
  return {
    apiOperation: 'AUTHORIZE',
    order: { amount: gatewayAmount(input.amount, input.currency), currency: input.currency },
    sourceOfFunds: storedCard(input.token),
    transaction: { source: sourceOf[input.initiator] },
    ...(input.agreement ? { agreement: agreementFields(input.agreement) } : {}),
    ...(input.authenticationTransactionId
      ? { authentication: { transactionId: input.authenticationTransactionId } }
      : {}),
  };
}

/**
 * VERIFY, no money: the CIT that gives the cardholder's approval for the series of later MITs
 * ("the first transaction must be a CIT which provides the cardholder's approval for the
 * entire series", cred-file-transc). Verify takes order.currency, no amount
 * (https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/rest-json/version/28/operation/Transaction%3a%20%20Verify.html).
 */
export function verifyWithTokenRequest(input: VerifyWithTokenInput) {
  return {
    apiOperation: 'VERIFY',
    order: { currency: input.currency },
    sourceOfFunds: storedCard(input.token),
    transaction: { source: sourceOf.cardholder },
    agreement: agreementFields(input.agreement),
  };
}

/**
 * agreement.id is the merchant's own identifier (1 to 100 characters, Retrieve Agreement:
 * https://credimax.gateway.mastercard.com/api/documentation/apiDocumentation/rest-json/version/latest/operation/Agreement%3a%20Retrieve%20Agreement.html);
 * UNSCHEDULED is the agreement "to make additional payments when required" such as a top-up
 * when a balance runs low (the same page's agreement description; cit-mit).
 */
function agreementFields(agreement: PaymentAgreement) {
  return { id: agreement.id, type: agreement.type };
}

/**
 * Step 1, Initiate Authentication: the card (here its token), order.currency, and how the payer
 * takes part (authentication.channel PAYER_BROWSER) for a payment (purpose
 * PAYMENT_TRANSACTION); 3DS2 only (acceptVersions). 3ds-payer-auth-api above.
 */
export function initiateAuthenticationRequest(input: AuthenticationInput) {
  return {
    apiOperation: 'INITIATE_AUTHENTICATION',
    authentication: {
      acceptVersions: '3DS2',
      channel: 'PAYER_BROWSER',
      purpose: 'PAYMENT_TRANSACTION',
    },
    order: { currency: input.currency },
    sourceOfFunds: { token: input.token },
  };
}

/**
 * Step 2, Authenticate Payer, under the same order and transaction id as step 1: the amount,
 * where the gateway sends the payer back (authentication.redirectResponseUrl), and the payer's
 * browser (device.browser, device.browserDetails). 3ds-payer-auth-api above.
 */
export function authenticatePayerRequest(input: AuthenticationInput) {
  const browser = input.browser ?? {};
  return {
    apiOperation: 'AUTHENTICATE_PAYER',
    authentication: { redirectResponseUrl: input.redirectResponseUrl },
    order: { amount: gatewayAmount(input.amount, input.currency), currency: input.currency },
    sourceOfFunds: { token: input.token },
    device: {
      browser: browser.userAgent ?? 'MOZILLA',
      ...(browser.ipAddress ? { ipAddress: browser.ipAddress } : {}),
      browserDetails: {
        '3DSecureChallengeWindowSize': 'FULL_SCREEN',
        acceptHeaders: browser.acceptHeaders ?? 'text/html',
        ...(browser.language ? { language: browser.language } : {}),
      },
    },
  };
}

/**
 * What Initiate Authentication says: refused (DO_NOT_PROCEED), not available for this card
 * (AUTHENTICATION_NOT_AVAILABLE: pay without it), or go on to Authenticate Payer.
 */
export function afterInitiation(answer: AuthenticationAnswer): PayerAuthentication | 'continue' {
  if (recommendation(answer) === 'DO_NOT_PROCEED') return { kind: 'refused' };
  if (status(answer) === 'AUTHENTICATION_NOT_AVAILABLE') return { kind: 'not-available' };
  return 'continue';
}

/**
 * Authenticate Payer's answer: AUTHENTICATION_PENDING with the redirect html is a challenge
 * the browser must show; AUTHENTICATION_SUCCESSFUL (or ATTEMPTED) passed without one.
 */
export function payerAuthenticationOf(answer: AuthenticationAnswer): PayerAuthentication {
  if (recommendation(answer) === 'DO_NOT_PROCEED') return { kind: 'refused' };
  const html = redirectHtmlOf(answer);
  switch (status(answer)) {
    case 'AUTHENTICATION_PENDING':
      return html ? { kind: 'challenge', redirectHtml: html } : { kind: 'refused' };
    case 'AUTHENTICATION_SUCCESSFUL':
    case 'AUTHENTICATION_ATTEMPTED':
      return { kind: 'frictionless' };
    case 'AUTHENTICATION_NOT_AVAILABLE':
    case 'AUTHENTICATION_UNAVAILABLE':
      return { kind: 'not-available' };
    default:
      return { kind: 'refused' };
  }
}

/** The challenge html at either of the places the API versions put it. */
export function redirectHtmlOf(answer: AuthenticationAnswer): string | undefined {
  return answer.authentication?.redirect?.html || answer.authentication?.redirectHtml || undefined;
}

/**
 * Retrieve Transaction of the authentication after the payer's challenge: the POST the browser
 * brought back proves nothing by itself, the gateway's record does.
 */
export function authenticationOutcomeOf(answer: AuthenticationAnswer): AuthenticationOutcome {
  if (recommendation(answer) === 'DO_NOT_PROCEED') return 'failed';
  switch (status(answer)) {
    case 'AUTHENTICATION_SUCCESSFUL':
    case 'AUTHENTICATION_ATTEMPTED':
      return 'authenticated';
    case 'AUTHENTICATION_PENDING':
    case 'AUTHENTICATION_AVAILABLE':
    case 'AUTHENTICATION_INITIATED':
    case undefined:
      return 'pending';
    default:
      return 'failed';
  }
}

function status(answer: AuthenticationAnswer): string | undefined {
  return answer.transaction?.authenticationStatus;
}

function recommendation(answer: AuthenticationAnswer): string | undefined {
  return answer.response?.gatewayRecommendation;
}
