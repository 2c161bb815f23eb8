/**
 * 3-D Secure with the Payer Authentication API, for a saved card's token (EMV 3-D Secure with
 * the Payer Authentication API,
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/authentication/3d-secure-auth/3ds-payer-auth-api/):
 * Initiate Authentication, then Authenticate Payer under the same order and transaction id.
 * The challenge test card's token (cards.ts) is challenged: the answer is
 * AUTHENTICATION_PENDING with the html the payer's browser must show, which opens the
 * sandbox's stand-in for the issuer (token-authentication-routes.ts); the payer's answer there
 * decides the authentication, which Retrieve Transaction then shows. Any other token's card is
 * authenticated without a challenge (AUTHENTICATION_SUCCESSFUL).
 */

import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/escape-html';
import type { AuthenticationRedirectField } from './controls';
import { invalidRequest, unknownOrder, unknownSourceToken } from './gateway-errors';
import { isKnownCurrency, toMinorUnits } from './money';
import { orderSummary, transactionAnswer } from './order-view';
import { GATEWAY_SANDBOX_PATH } from './paths';
import {
  API_VERSION,
  type GatewayCode,
  type OrderSummary,
  type TransactionResult,
} from './protocol';
import {
  ensureOrder,
  findToken,
  findTransaction,
  insertTransaction,
  lockOrder,
  type OrderKey,
  type OrderRow,
  type TokenRow,
  type TransactionRow,
  updateOrder,
} from './repository';
import type { AuthenticatePayerRequest, InitiateAuthenticationRequest } from './token-protocol';
import { updateAuthentication } from './token-repository';
import { transactionIdInUse } from './transactions-service';

/** transaction.authenticationStatus, as the 3ds-payer-auth-api page names them. */
export type AuthenticationStatus =
  | 'AUTHENTICATION_AVAILABLE'
  | 'AUTHENTICATION_PENDING'
  | 'AUTHENTICATION_SUCCESSFUL'
  | 'AUTHENTICATION_FAILED';

export interface AuthenticationTransactionAnswer {
  merchant: string;
  version: string;
  result: TransactionResult;
  response: { gatewayCode: GatewayCode; gatewayRecommendation: 'PROCEED' | 'DO_NOT_PROCEED' };
  transaction: {
    id: string;
    type: 'AUTHENTICATION';
    authenticationStatus: AuthenticationStatus;
    amount: number;
    currency: string;
  };
  authentication: {
    version: '3DS2';
    /** The challenge html at one of its documented places (controls.ts, the redirect shape). */
    redirect?: { html: string };
    redirectHtml?: string;
  };
  sourceOfFunds: { type: 'CARD'; token: string };
  order: OrderSummary & { authenticationStatus: AuthenticationStatus };
  timeOfRecord: string;
}

/** The payer's answer to the challenge, as on MPGS's 3DS emulator: Y authenticated, N not. */
export type ChallengeAnswer = 'Y' | 'N';

/** Step 1: 3DS2 is available for every token here; the authentication is recorded. */
export async function initiateAuthentication(
  db: Db,
  key: OrderKey,
  transactionId: string,
  request: InitiateAuthenticationRequest,
  now: Date,
): Promise<AuthenticationTransactionAnswer> {
  return db.transaction(async (tx) => {
    const token = await findToken(tx, key.merchantId, request.sourceOfFunds.token);
    if (!token) throw unknownSourceToken(request.sourceOfFunds.token);
    const order = await orderFor(tx, key, request.order.currency, now);
    if (await findTransaction(tx, key, transactionId)) throw transactionIdInUse(transactionId);
    const row = {
      ...key,
      transactionId,
      type: 'AUTHENTICATION',
      ...outcomeOf('AUTHENTICATION_AVAILABLE'),
      authenticationStatus: 'AUTHENTICATION_AVAILABLE',
      amountMinor: 0,
      currency: order.currency,
      cardBrand: token.brand,
      cardLast4: token.maskedNumber.slice(-4),
      token: token.token,
      createdAt: now,
    } as const;
    await insertTransaction(tx, row);
    const stored = await findTransaction(tx, key, transactionId);
    if (!stored) throw new Error('The authentication was not recorded');
    return authenticationAnswer(order, stored);
  });
}

/**
 * Step 2, under the transaction id of step 1 with the same token: a challenge for the
 * challenge card (AUTHENTICATION_PENDING and the redirect html), else authenticated at once.
 */
export async function authenticatePayer(
  db: Db,
  key: OrderKey,
  transactionId: string,
  request: AuthenticatePayerRequest,
  now: Date,
): Promise<AuthenticationTransactionAnswer> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, key);
    if (!locked) throw unknownOrder(key.orderId);
    const initiated = await findTransaction(tx, key, transactionId);
    if (initiated?.type !== 'AUTHENTICATION' || initiated.authenticationStatus === null) {
      throw invalidRequest(
        `Transaction ${transactionId} is no Initiate Authentication of this order: initiate it first`,
        'transaction.id',
      );
    }
    if (initiated.authenticationStatus !== 'AUTHENTICATION_AVAILABLE') {
      throw transactionIdInUse(transactionId);
    }
    const token = await findToken(tx, key.merchantId, request.sourceOfFunds.token);
    if (!token) throw unknownSourceToken(request.sourceOfFunds.token);
    if (token.token !== initiated.token) {
      throw invalidRequest(
        'The card is not the one the authentication was initiated for',
        'sourceOfFunds.token',
      );
    }
    if (request.order.currency !== locked.currency) {
      throw invalidRequest(
        `order.currency must be the order's currency, ${locked.currency}`,
        'order.currency',
      );
    }
    const amountMinor = toMinorUnits(request.order.amount, locked.currency);
    if (amountMinor === undefined) {
      throw invalidRequest(
        `order.amount must be a positive amount in ${locked.currency}`,
        'order.amount',
      );
    }
    const status = challenged(token) ? 'AUTHENTICATION_PENDING' : 'AUTHENTICATION_SUCCESSFUL';
    const row = await updateAuthentication(tx, key, transactionId, {
      ...outcomeOf(status),
      authenticationStatus: status,
      amountMinor,
      redirectResponseUrl: request.authentication.redirectResponseUrl,
    });
    const order = await updateOrder(tx, key, {
      amountMinor,
      status: status === 'AUTHENTICATION_PENDING' ? 'AUTHENTICATION_INITIATED' : 'AUTHENTICATED',
      updatedAt: now,
    });
    if (!row || !order) throw unknownOrder(key.orderId);
    return authenticationAnswer(order, row);
  });
}

/** Only the challenge test card's issuer asks for a challenge (cards.ts). */
function challenged(token: TokenRow): boolean {
  return token.threeDSecure;
}

export type ChallengeState =
  | { kind: 'not-found' }
  | { kind: 'pending'; order: OrderRow; authentication: TransactionRow }
  | { kind: 'decided'; order: OrderRow; authentication: TransactionRow };

/** Where an authentication stands, for the challenge page. */
export async function challengeState(
  db: Db,
  key: OrderKey,
  transactionId: string,
): Promise<ChallengeState> {
  const order = await lockOrder(db, key);
  const authentication = await findTransaction(db, key, transactionId);
  if (!order || authentication?.type !== 'AUTHENTICATION' || !authentication.redirectResponseUrl) {
    return { kind: 'not-found' };
  }
  const decided = authentication.authenticationStatus !== 'AUTHENTICATION_PENDING';
  return { kind: decided ? 'decided' : 'pending', order, authentication };
}

/**
 * The payer answered the issuer's challenge: the authentication is SUCCESSFUL or FAILED, the
 * order AUTHENTICATED or AUTHENTICATION_UNSUCCESSFUL. Answered once; later answers change nothing.
 */
export async function completeChallenge(
  db: Db,
  key: OrderKey,
  transactionId: string,
  answer: ChallengeAnswer,
  now: Date,
): Promise<ChallengeState> {
  return db.transaction(async (tx) => {
    const state = await challengeState(tx, key, transactionId);
    if (state.kind !== 'pending') return state;
    const status = answer === 'Y' ? 'AUTHENTICATION_SUCCESSFUL' : 'AUTHENTICATION_FAILED';
    const authentication = await updateAuthentication(tx, key, transactionId, {
      ...outcomeOf(status),
      authenticationStatus: status,
    });
    const order = await updateOrder(tx, key, {
      status: answer === 'Y' ? 'AUTHENTICATED' : 'AUTHENTICATION_UNSUCCESSFUL',
      updatedAt: now,
    });
    if (!authentication || !order) return { kind: 'not-found' };
    return { kind: 'decided', order, authentication };
  });
}

/**
 * Retrieve Transaction, GET .../order/{orderid}/transaction/{transactionid}: an authentication
 * as it stands now (after the payer's challenge), any other transaction as it was answered.
 */
export async function retrieveTransaction(db: Db, key: OrderKey, transactionId: string) {
  const order = await lockOrder(db, key);
  if (!order) throw unknownOrder(key.orderId);
  const row = await findTransaction(db, key, transactionId);
  if (!row) {
    throw invalidRequest(
      `Unable to find transaction ${transactionId} on order ${key.orderId}`,
      'transactionId',
    );
  }
  if (row.type === 'AUTHENTICATION' && row.authenticationStatus) {
    return authenticationAnswer(order, row);
  }
  return transactionAnswer(order, row);
}

/**
 * The fields the gateway POSTs to redirectResponseUrl when the payer is done: order.id,
 * transaction.id, result and response.gatewayRecommendation, form-encoded (merchants read
 * them as order_id, transaction_id, result and response_gatewayRecommendation in PHP).
 */
export function redirectResponseFields(authentication: TransactionRow): Record<string, string> {
  const status = authentication.authenticationStatus as AuthenticationStatus;
  return {
    'order.id': authentication.orderId,
    'transaction.id': authentication.transactionId,
    result: authentication.result,
    'response.gatewayRecommendation': recommendationOf(status),
  };
}

/** The sandbox's address of the issuer's challenge for an authentication, root-relative. */
export function challengePath(key: OrderKey, transactionId: string): string {
  const parts = [key.merchantId, key.orderId, transactionId].map(encodeURIComponent);
  return `${GATEWAY_SANDBOX_PATH}/authentication/${parts.join('/')}`;
}

export const AUTO_SUBMIT_SCRIPT_PATH = `${GATEWAY_SANDBOX_PATH}/assets/auto-submit.js`;

/**
 * The html Authenticate Payer answers for a challenge: a form that sends the payer's browser
 * to the issuer's challenge, submitted at once by a script of the gateway's own origin (no
 * inline script, for the shop's CSP), with a button where scripts do not run.
 */
function challengeRedirectHtml(key: OrderKey, transactionId: string): string {
  return `<div id="threedsChallengeRedirect"><form id="threedsChallengeRedirectForm" method="POST" action="${escapeHtml(challengePath(key, transactionId))}" data-auto-submit><input type="hidden" name="transactionId" value="${escapeHtml(transactionId)}"><button type="submit">Continue to your bank</button></form><script src="${AUTO_SUBMIT_SCRIPT_PATH}"></script></div>`;
}

function authenticationAnswer(
  order: OrderRow,
  row: TransactionRow,
): AuthenticationTransactionAnswer {
  const status = row.authenticationStatus as AuthenticationStatus;
  const html =
    status === 'AUTHENTICATION_PENDING'
      ? challengeRedirectHtml(
          { merchantId: row.merchantId, orderId: row.orderId },
          row.transactionId,
        )
      : undefined;
  return {
    merchant: order.merchantId,
    version: API_VERSION,
    result: row.result,
    response: { gatewayCode: row.gatewayCode, gatewayRecommendation: recommendationOf(status) },
    transaction: {
      id: row.transactionId,
      type: 'AUTHENTICATION',
      authenticationStatus: status,
      amount: transactionAnswer(order, row).transaction.amount,
      currency: row.currency,
    },
    authentication: {
      version: '3DS2',
      ...(html ? { redirect: { html } } : {}),
    },
    sourceOfFunds: { type: 'CARD', token: row.token ?? '' },
    order: { ...orderSummary(order), authenticationStatus: status },
    timeOfRecord: row.createdAt.toISOString(),
  };
}

function recommendationOf(status: AuthenticationStatus): 'PROCEED' | 'DO_NOT_PROCEED' {
  return status === 'AUTHENTICATION_FAILED' ? 'DO_NOT_PROCEED' : 'PROCEED';
}

function outcomeOf(status: AuthenticationStatus): {
  result: TransactionResult;
  gatewayCode: GatewayCode;
} {
  switch (status) {
    case 'AUTHENTICATION_AVAILABLE':
    case 'AUTHENTICATION_SUCCESSFUL':
      return { result: 'SUCCESS', gatewayCode: 'APPROVED' };
    case 'AUTHENTICATION_PENDING':
      return { result: 'PENDING', gatewayCode: 'PENDING' };
    case 'AUTHENTICATION_FAILED':
      return { result: 'FAILURE', gatewayCode: 'DECLINED' };
  }
}

/** The order, made by the authentication when it is the first thing tried on it. */
async function orderFor(tx: Db, key: OrderKey, currency: string, now: Date): Promise<OrderRow> {
  if (!isKnownCurrency(currency)) {
    throw invalidRequest(`Currency ${currency} is not supported`, 'order.currency');
  }
  await ensureOrder(tx, {
    ...key,
    amountMinor: 0,
    currency,
    description: '',
    status: 'AUTHENTICATION_INITIATED',
    createdAt: now,
    updatedAt: now,
  });
  const order = await lockOrder(tx, key);
  if (!order) throw unknownOrder(key.orderId);
  if (order.currency !== currency) {
    throw invalidRequest(
      `order.currency must be the order's currency, ${order.currency}`,
      'order.currency',
    );
  }
  return order;
}

/**
 * The answer with its challenge html where the chosen API version puts it: v100's
 * authentication.redirect.html as made, or the older authentication.redirectHtml instead.
 */
export function inRedirectShape<T extends object>(
  answer: T,
  field: AuthenticationRedirectField,
): T {
  if (field === 'redirect.html' || !('authentication' in answer)) return answer;
  const authentication = answer.authentication as AuthenticationTransactionAnswer['authentication'];
  const html = authentication.redirect?.html;
  if (html === undefined) return answer;
  const { redirect: _moved, ...rest } = authentication;
  return { ...answer, authentication: { ...rest, redirectHtml: html } };
}
