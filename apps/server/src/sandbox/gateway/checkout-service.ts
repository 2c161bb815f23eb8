/**
 * Hosted Checkout: sessions made by INITIATE_CHECKOUT, their state as the hosted page sees it,
 * and a card payment on a session, with a 3-D Secure challenge first for an enrolled card.
 * A payment runs under row locks on the session and the order, so a double click or two tabs
 * never pay twice.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { CheckedCard } from './cards';
import { invalidRequest } from './gateway-errors';
import { isKnownCurrency, toMinorUnits } from './money';
import type { CheckoutSessionAnswer, InitiateCheckoutRequest } from './protocol';
import {
  ensureOrder,
  findLatestAuthentication,
  findSessionWithOrderStatus,
  insertSession,
  insertToken,
  insertTransaction,
  lockOrder,
  lockSession,
  markSessionPaid,
  type OrderRow,
  type SessionRow,
  settleTransaction,
  updateOrder,
} from './repository';
import { testWallets, type WalletProvider } from './test-wallets';

/**
 * How long a payer has to pay once the shop opened the session, when the shop gave no
 * interaction.timeout ("the time you specified in interaction.timeout ... or the gateway
 * default timeout value": https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/checkout/version/55/callback/timeout.html).
 */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

export type SessionState =
  | { kind: 'not-found' }
  /** Open for payment. */
  | { kind: 'open'; session: SessionRow }
  | { kind: 'expired'; session: SessionRow }
  /** Paid through this very session. */
  | { kind: 'paid'; session: SessionRow }
  /** Its order was paid through another session of the same order. */
  | { kind: 'paid-elsewhere'; session: SessionRow };

export type PaymentOutcome =
  | SessionState
  | { kind: 'declined'; session: SessionRow }
  /** The card's issuer wants the payer to authenticate (3-D Secure) before it authorises. */
  | { kind: 'challenge'; session: SessionRow }
  /** The payer passed the challenge: the order is AUTHENTICATED, authorisation comes next. */
  | { kind: 'authenticated'; session: SessionRow }
  /** The payer failed the challenge: the order is AUTHENTICATION_UNSUCCESSFUL, nothing is authorised. */
  | { kind: 'authentication-failed'; session: SessionRow };

/**
 * The issuer's answer to the challenge, as the 3DS2 transaction status names it: Y, the payer
 * was authenticated; N, not. MPGS's 3DS emulator lets the tester pick it from a drop-down
 * (https://ap-gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/authentication/3DS/test_your_integration.html).
 */
export const challengeResults = ['Y', 'N'] as const;
export type ChallengeResult = (typeof challengeResults)[number];

/**
 * Order statuses that mean "not paid yet": a failed attempt, or a 3-D Secure authentication
 * under way, failed, or passed but not yet authorised (MPGS order.status
 * AUTHENTICATION_INITIATED, AUTHENTICATION_UNSUCCESSFUL, AUTHENTICATED; see Retrieve Order in
 * https://na.gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/authentication/3DS/integrationModelAPI.html
 * and https://na.gateway.mastercard.com/api/documentation/apiDocumentation/rest-json/version/70/operation/Transaction%3A%20%20Retrieve%20Order.html).
 * After a failed attempt the payer stays on the hosted page and may try again, the default when
 * the shop names no retryAttemptCount
 * (https://anzworldline.gateway.mastercard.com/api/documentation/documentation/integrationGuidelines/hostedCheckout/customizeRedirectAndRetryBehavior.html).
 */
const UNPAID_ORDER_STATUSES: ReadonlySet<string> = new Set([
  'FAILED',
  'AUTHENTICATION_INITIATED',
  'AUTHENTICATION_UNSUCCESSFUL',
  'AUTHENTICATED',
]);

export async function initiateCheckout(
  db: Db,
  merchantId: string,
  request: InitiateCheckoutRequest,
  now: Date,
): Promise<CheckoutSessionAnswer> {
  const { order, interaction } = request;
  if (!isKnownCurrency(order.currency)) {
    throw invalidRequest(`Currency ${order.currency} is not supported`, 'order.currency');
  }
  const amountMinor = toMinorUnits(order.amount, order.currency);
  if (amountMinor === undefined) {
    throw invalidRequest(
      `order.amount must be a positive amount in ${order.currency}, e.g. "12.99"`,
      'order.amount',
    );
  }
  const session: SessionRow = {
    id: `SESSION0002${randomHex(10).toUpperCase()}`,
    merchantId,
    orderId: order.id,
    operation: interaction.operation,
    amountMinor,
    currency: order.currency,
    description: order.description,
    merchantName: interaction.merchant?.name ?? merchantId,
    returnUrl: interaction.returnUrl,
    cancelUrl: interaction.cancelUrl,
    successIndicator: randomHex(8),
    version: randomHex(5),
    timeoutSeconds: interaction.timeout ?? null,
    storedOnFile: request.sourceOfFunds?.provided?.card?.storedOnFile ?? null,
    transactionSource: request.transaction?.source ?? null,
    createdAt: now,
    paidAt: null,
  };
  await insertSession(db, session);
  return {
    checkoutMode: 'WEBSITE',
    merchant: merchantId,
    result: 'SUCCESS',
    session: { id: session.id, updateStatus: 'SUCCESS', version: session.version },
    successIndicator: session.successIndicator,
  };
}

export async function sessionState(db: Db, sessionId: string, now: Date): Promise<SessionState> {
  const found = await findSessionWithOrderStatus(db, sessionId);
  if (!found) return { kind: 'not-found' };
  return classify(found.session, found.orderStatus, now);
}

/** Pays the session's order with a card that passed the page's checks. */
export async function payWithCard(
  db: Db,
  sessionId: string,
  card: CheckedCard,
  now: Date,
): Promise<PaymentOutcome> {
  return payOpenSession(db, sessionId, now, async (tx, session) => {
    if (card.threeDSecure && card.approved) {
      await startAuthentication(tx, session, card, now);
      return { kind: 'challenge', session };
    }
    return settlePayment(tx, session, card, now);
  });
}

/**
 * Pays the session's order with one of the merchant's test wallets. No 3-D Secure challenge:
 * "Apple Pay transactions enjoy a liability shift thanks to Apple's integrated authentication
 * methods, eliminating the need for additional issuer authentication"
 * (https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-apple-pay-in-hosted-checkout/),
 * and a Google Pay device card comes with its own cryptogram
 * (https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-google-pay-in-hosted-checkout/).
 * No token is made even when the shop asked to store the card: what the wallet hands over is a
 * device card for one payment, and neither page says Hosted Checkout stores it on file.
 */
export async function payWithWallet(
  db: Db,
  sessionId: string,
  wallet: WalletProvider,
  now: Date,
): Promise<PaymentOutcome> {
  const held = testWallets[wallet];
  const card: CheckedCard = { brand: held.brand, last4: held.last4, approved: true };
  return payOpenSession(db, sessionId, now, (tx, session) =>
    settlePayment(tx, session, card, now, wallet),
  );
}

/**
 * Runs a payment attempt in one transaction, with the session and its order under row locks,
 * when the session is still open for payment; otherwise answers the session's state.
 */
function payOpenSession(
  db: Db,
  sessionId: string,
  now: Date,
  attempt: (tx: Db, session: SessionRow) => Promise<PaymentOutcome>,
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (!session) return { kind: 'not-found' };
    // Checked before the order row is made, so an expired session leaves no trace.
    const before = classify(session, undefined, now);
    if (before.kind !== 'open') return before;
    await ensureOrder(tx, {
      merchantId: session.merchantId,
      orderId: session.orderId,
      amountMinor: session.amountMinor,
      currency: session.currency,
      description: session.description,
      // Until this attempt is decided; nobody sees the row before the transaction ends.
      status: 'FAILED',
      createdAt: now,
      updatedAt: now,
    });
    const order = await lockOrder(tx, session);
    const state = classify(session, order?.status, now);
    if (state.kind !== 'open') return state;
    return attempt(tx, session);
  });
}

/**
 * The issuer's challenge is over. Passed: the order becomes AUTHENTICATED, which Retrieve Order
 * shows until the authorisation that follows (3-D Secure authenticates the payer before an
 * Authorize or Pay transaction:
 * https://na.gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/authentication/3DS/3ds.html).
 * Failed: the order becomes AUTHENTICATION_UNSUCCESSFUL and nothing is authorised; the
 * authentication is DECLINED, the code MPGS gives when "payer authentication was not able to be
 * successfully completed" (https://eu-gateway.mastercard.com/api/documentation/troubleshootingFaqs/index.html).
 */
export async function completeAuthentication(
  db: Db,
  sessionId: string,
  result: ChallengeResult,
  now: Date,
): Promise<PaymentOutcome> {
  return withAuthenticationLock(db, sessionId, now, async (tx, session, order) => {
    if (order.status === 'AUTHENTICATED') return { kind: 'authenticated', session };
    const authentication = await findLatestAuthentication(tx, session);
    if (order.status !== 'AUTHENTICATION_INITIATED' || !authentication) {
      return { kind: 'open', session };
    }
    const passed = result === 'Y';
    await settleTransaction(tx, session, authentication.transactionId, {
      result: passed ? 'SUCCESS' : 'FAILURE',
      gatewayCode: passed ? 'APPROVED' : 'DECLINED',
    });
    await updateOrder(tx, session, {
      status: passed ? 'AUTHENTICATED' : 'AUTHENTICATION_UNSUCCESSFUL',
      updatedAt: now,
    });
    return { kind: passed ? 'authenticated' : 'authentication-failed', session };
  });
}

/** Authorises (or pays) an AUTHENTICATED order with the card that passed the challenge. */
export async function authorizeAuthenticated(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<PaymentOutcome> {
  return withAuthenticationLock(db, sessionId, now, async (tx, session, order) => {
    const authentication = await findLatestAuthentication(tx, session);
    if (order.status !== 'AUTHENTICATED' || authentication?.result !== 'SUCCESS') {
      return { kind: 'open', session };
    }
    const card: CheckedCard = {
      brand: (authentication.cardBrand ?? 'UNKNOWN') as CheckedCard['brand'],
      last4: authentication.cardLast4 ?? '',
      approved: true,
      // Only an enrolled card meets the challenge; its token stays enrolled.
      threeDSecure: true,
      ...(authentication.cardExpiry ? { expiry: authentication.cardExpiry } : {}),
    };
    return settlePayment(tx, session, card, now);
  });
}

/**
 * Runs `step` in one transaction with the session and its order under row locks, when the
 * session is still open for payment; otherwise answers the session's state.
 */
function withAuthenticationLock(
  db: Db,
  sessionId: string,
  now: Date,
  step: (tx: Db, session: SessionRow, order: OrderRow) => Promise<PaymentOutcome>,
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const locked = await lockForAuthentication(tx, sessionId, now);
    return 'order' in locked ? step(tx, locked.session, locked.order) : locked;
  });
}

/** The session and its order under row locks, when the session is still open for payment. */
async function lockForAuthentication(
  tx: Db,
  sessionId: string,
  now: Date,
): Promise<PaymentOutcome | { session: SessionRow; order: OrderRow }> {
  const session = await lockSession(tx, sessionId);
  if (!session) return { kind: 'not-found' };
  const order = await lockOrder(tx, session);
  const state = classify(session, order?.status, now);
  if (state.kind !== 'open') return state;
  return order ? { session, order } : state;
}

async function settlePayment(
  tx: Db,
  session: SessionRow,
  card: CheckedCard,
  now: Date,
  wallet?: WalletProvider,
): Promise<PaymentOutcome> {
  // Stored only once authorised ("a payment token after a successful authorization",
  // cof-hosted-checkout; see protocol.ts), and never a wallet's device card (payWithWallet).
  const token =
    card.approved && storesCard(session) && wallet === undefined
      ? await storeCardToken(tx, session, card, now)
      : undefined;
  await recordAttempt(tx, session, card, now, { token, wallet });
  if (!card.approved) return { kind: 'declined', session };
  await markSessionPaid(tx, session.id, now);
  return { kind: 'paid', session: { ...session, paidAt: now } };
}

/** Sends the payer to the issuer's challenge: a pending AUTHENTICATION keeps the card's brand. */
async function startAuthentication(
  tx: Db,
  session: SessionRow,
  card: CheckedCard,
  now: Date,
): Promise<void> {
  await insertTransaction(tx, {
    merchantId: session.merchantId,
    orderId: session.orderId,
    transactionId: randomHex(8),
    type: 'AUTHENTICATION',
    result: 'PENDING',
    gatewayCode: 'PENDING',
    amountMinor: session.amountMinor,
    currency: session.currency,
    cardBrand: card.brand,
    cardLast4: card.last4,
    // Kept until the challenge decides, for the token an approved payment may store.
    cardExpiry: storesCard(session) ? (card.expiry ?? null) : null,
    createdAt: now,
  });
  await updateOrder(tx, session, {
    amountMinor: session.amountMinor,
    currency: session.currency,
    description: session.description,
    status: 'AUTHENTICATION_INITIATED',
    updatedAt: now,
  });
}

async function recordAttempt(
  tx: Db,
  session: SessionRow,
  card: CheckedCard,
  now: Date,
  made: { token: string | undefined; wallet: WalletProvider | undefined },
): Promise<void> {
  const purchase = session.operation === 'PURCHASE';
  const amount = session.amountMinor;
  await insertTransaction(tx, {
    merchantId: session.merchantId,
    orderId: session.orderId,
    transactionId: randomHex(8),
    type: purchase ? 'PAYMENT' : 'AUTHORIZATION',
    result: card.approved ? 'SUCCESS' : 'FAILURE',
    gatewayCode: card.approved ? 'APPROVED' : 'DECLINED',
    amountMinor: amount,
    currency: session.currency,
    cardBrand: card.brand,
    cardLast4: card.last4,
    token: made.token ?? null,
    walletProvider: made.wallet ?? null,
    createdAt: now,
  });
  // The order takes the amount of the session paying it, as a new checkout may change it.
  const base = {
    amountMinor: amount,
    currency: session.currency,
    description: session.description,
    updatedAt: now,
  };
  await updateOrder(
    tx,
    session,
    card.approved
      ? {
          ...base,
          status: purchase ? 'CAPTURED' : 'AUTHORIZED',
          totalAuthorizedMinor: amount,
          totalCapturedMinor: purchase ? amount : 0,
        }
      : { ...base, status: 'FAILED' },
  );
}

/**
 * A new token in the merchant's repository for the card: 16 digits in card-number form, as the
 * Random token generation strategy makes them (Gateway Tokenization, gw-tokenization:
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/tokenization/gw-tokenization/).
 */
async function storeCardToken(
  tx: Db,
  session: SessionRow,
  card: CheckedCard,
  now: Date,
): Promise<string> {
  const token = `9${randomDigits(15)}`;
  await insertToken(tx, {
    merchantId: session.merchantId,
    token,
    brand: card.brand,
    maskedNumber: `xxxxxxxxxxxx${card.last4}`,
    expiry: card.expiry ?? '',
    orderId: session.orderId,
    // A CIT with this token meets the same 3-D Secure challenge (token-payments.ts).
    threeDSecure: card.threeDSecure === true,
    declines: false,
    createdAt: now,
  });
  return token;
}

/** The shop asked for the card to be stored: storedOnFile = TO_BE_STORED (protocol.ts). */
function storesCard(session: SessionRow): boolean {
  return session.storedOnFile === 'TO_BE_STORED';
}

function randomDigits(count: number): string {
  return Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');
}

function classify(session: SessionRow, orderStatus: string | undefined, now: Date): SessionState {
  if (session.paidAt) return { kind: 'paid', session };
  // Any other status means some session already paid this order.
  if (orderStatus !== undefined && !UNPAID_ORDER_STATUSES.has(orderStatus)) {
    return { kind: 'paid-elsewhere', session };
  }
  const age = now.getTime() - session.createdAt.getTime();
  const lifetime = session.timeoutSeconds ? session.timeoutSeconds * 1000 : SESSION_LIFETIME_MS;
  return age > lifetime ? { kind: 'expired', session } : { kind: 'open', session };
}

/** The payer's way back to the shop after an approved payment, as MPGS sends it. */
export function returnLink(session: SessionRow): string {
  return appendQuery(session.returnUrl, {
    resultIndicator: session.successIndicator,
    sessionVersion: session.version,
  });
}

/** Adds parameters to a URL's query, keeping its own query and fragment as they are. */
export function appendQuery(url: string, parameters: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${new URLSearchParams(parameters).toString()}${fragment}`;
}

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
