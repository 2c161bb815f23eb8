/**
 * AUTHORIZE, PAY and VERIFY with a saved card's gateway token, as strict as the gateway:
 * - a token the repository does not hold (never made, or deleted) is refused, as Retrieve
 *   Token refuses it (gw-tokenization);
 * - a merchant-initiated payment (transaction.source MERCHANT) needs agreement.id of an
 *   agreement an approved cardholder-initiated transaction set up with this very token, and
 *   storedOnFile STORED ("the first transaction must be a CIT which provides the cardholder's
 *   approval for the entire series", https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/cred-file-transc/);
 *   every such request is recorded, accepted or refused, for the `mit-requests` control;
 * - a cardholder-initiated payment with the 3-D Secure challenge card's token is declined
 *   unless authentication.transactionId names a successful authentication of that token on
 *   the same order (step 3 of https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/authentication/3d-secure-auth/3ds-payer-auth-api/);
 *   merchant-initiated payments are out of 3-D Secure's scope (the payer is not there);
 * - a token made to decline (the `decline-token` control) answers FAILURE, DECLINED.
 * The order is made on its first payment, as the hosted page does, and the transaction is
 * recorded with the token's card, so Retrieve Order, capture, void and refund work on it.
 */
import type { Db } from '../../db/client';
import { GatewayRefusal, invalidRequest, unknownSourceToken } from './gateway-errors';
import { isKnownCurrency, toMinorUnits } from './money';
import { transactionAnswer } from './order-view';
import type { GatewayCode, OrderStatus, TransactionAnswer, TransactionResult } from './protocol';
import {
  ensureOrder,
  findToken,
  findTransaction,
  insertTransaction,
  lockOrder,
  type OrderKey,
  type OrderRow,
  type TokenRow,
  type TransactionFields,
  updateOrder,
} from './repository';
import type { TokenPaymentRequest } from './token-protocol';
import { findAgreement, insertAgreement, insertMitRequest } from './token-repository';
import { transactionIdInUse } from './transactions-service';

export interface TokenSwitches {
  /** 'replay': the same PUT again gets its first answer (controls.ts). */
  reuse: 'replay' | 'refuse';
}

/**
 * Order statuses on which a new payment may still be tried: nothing paid yet (a failed
 * attempt, an authentication under way or done, a card only verified).
 */
const PAYABLE_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'FAILED',
  'AUTHENTICATION_INITIATED',
  'AUTHENTICATED',
  'AUTHENTICATION_UNSUCCESSFUL',
  'VERIFIED',
]);

export async function payWithToken(
  db: Db,
  key: OrderKey,
  transactionId: string,
  request: TokenPaymentRequest,
  now: Date,
  switches: TokenSwitches,
): Promise<TransactionAnswer> {
  const merchantInitiated = request.transaction?.source === 'MERCHANT';
  try {
    return await db.transaction(async (tx) => {
      const { answer, replayed } = await decide(tx, key, transactionId, request, now, switches);
      // A replay is the first request's answer again: that request was counted already.
      if (merchantInitiated && !replayed) {
        await recordMit(tx, key, transactionId, request, now, 'ACCEPTED');
      }
      return answer;
    });
  } catch (error) {
    // The refused request is recorded after its transaction rolled back.
    if (merchantInitiated && error instanceof GatewayRefusal) {
      await recordMit(db, key, transactionId, request, now, 'REFUSED', error.detail.field);
    }
    throw error;
  }
}

async function decide(
  tx: Db,
  key: OrderKey,
  transactionId: string,
  request: TokenPaymentRequest,
  now: Date,
  switches: TokenSwitches,
): Promise<{ answer: TransactionAnswer; replayed: boolean }> {
  const merchantInitiated = request.transaction?.source === 'MERCHANT';
  requireStoredDetails(request);
  if (merchantInitiated) requireMerchantInitiatedFields(request);
  const token = await findToken(tx, key.merchantId, request.sourceOfFunds.token);
  if (!token) throw unknownSourceToken(request.sourceOfFunds.token);
  if (merchantInitiated) await requireAgreementFor(tx, key.merchantId, request, token);
  const amountMinor = request.apiOperation === 'VERIFY' ? 0 : amountOf(request.order);
  const order = await orderFor(tx, key, request, amountMinor, now);
  const earlier = await findTransaction(tx, key, transactionId);
  if (earlier?.response && switches.reuse === 'replay') {
    return { answer: earlier.response as TransactionAnswer, replayed: true };
  }
  if (earlier) throw transactionIdInUse(transactionId);
  if (!PAYABLE_ORDER_STATUSES.has(order.status)) {
    throw invalidRequest(
      `Order ${key.orderId} is ${order.status}: it already has a payment; use a new order id`,
      'orderId',
    );
  }
  const approved =
    !token.declines && (await passesAuthentication(tx, key, request, token, amountMinor));
  if (approved && !merchantInitiated)
    await setUpAgreement(tx, key, transactionId, request, token, now);
  const answer = await record(
    tx,
    key,
    order,
    transactionId,
    request,
    token,
    amountMinor,
    approved,
    now,
  );
  return { answer, replayed: false };
}

/**
 * A payment with a token uses stored payment details, CIT or MIT: "storedOnFile = STORED" in
 * every such request (cred-file-transc), refused by the field's name without it.
 */
function requireStoredDetails(request: TokenPaymentRequest): void {
  if (request.sourceOfFunds.provided?.card?.storedOnFile !== 'STORED') {
    throw invalidRequest(
      'A payment with a token must say it uses stored payment details (STORED)',
      'sourceOfFunds.provided.card.storedOnFile',
    );
  }
}

/**
 * An MIT names its agreement, id and type, and carries no payer authentication: the payer is
 * not there (cred-file-transc, MIT; 3-D Secure is for cardholder-initiated payments).
 */
function requireMerchantInitiatedFields(request: TokenPaymentRequest): void {
  if (!request.agreement?.id) {
    throw invalidRequest(
      'A merchant-initiated transaction must name the agreement the payer gave in a first cardholder-initiated transaction',
      'agreement.id',
    );
  }
  if (!request.agreement.type) {
    throw invalidRequest(
      'A merchant-initiated transaction must give its agreement type',
      'agreement.type',
    );
  }
  if ('authentication' in request && request.authentication?.transactionId) {
    throw invalidRequest(
      'A merchant-initiated transaction cannot carry a payer authentication',
      'authentication.transactionId',
    );
  }
}

async function requireAgreementFor(
  tx: Db,
  merchantId: string,
  request: TokenPaymentRequest,
  token: TokenRow,
): Promise<void> {
  const id = request.agreement?.id ?? '';
  const agreement = await findAgreement(tx, merchantId, id);
  if (!agreement) {
    throw invalidRequest(
      `Agreement ${id} was never set up by a cardholder-initiated transaction`,
      'agreement.id',
    );
  }
  if (agreement.token !== token.token) {
    throw invalidRequest(`Agreement ${id} was set up with another card`, 'agreement.id');
  }
  // The series keeps the type its first CIT gave it.
  if (request.agreement?.type !== agreement.type) {
    throw invalidRequest(`Agreement ${id} is ${agreement.type}`, 'agreement.type');
  }
}

/**
 * An approved CIT with agreement.id and agreement.type sets the agreement up for this token;
 * the same id for another card is refused, the same card again changes nothing.
 */
async function setUpAgreement(
  tx: Db,
  key: OrderKey,
  transactionId: string,
  request: TokenPaymentRequest,
  token: TokenRow,
  now: Date,
): Promise<void> {
  const id = request.agreement?.id;
  if (!id) return;
  const type = request.agreement?.type;
  if (!type) {
    throw invalidRequest('agreement.type is required with agreement.id', 'agreement.type');
  }
  const existing = await findAgreement(tx, key.merchantId, id);
  if (existing && existing.token !== token.token) {
    throw invalidRequest(`Agreement ${id} was set up with another card`, 'agreement.id');
  }
  await insertAgreement(tx, {
    merchantId: key.merchantId,
    agreementId: id,
    type,
    token: token.token,
    orderId: key.orderId,
    transactionId,
    createdAt: now,
  });
}

/**
 * The challenge card's issuer authorises a CIT only after a successful 3-D Secure
 * authentication of the same card on the same order; any other card needs none.
 */
async function passesAuthentication(
  tx: Db,
  key: OrderKey,
  request: TokenPaymentRequest,
  token: TokenRow,
  amountMinor: number,
): Promise<boolean> {
  if (!token.threeDSecure || request.apiOperation === 'VERIFY') return true;
  if (request.transaction?.source === 'MERCHANT') return true;
  const id = 'authentication' in request ? request.authentication?.transactionId : undefined;
  if (!id) return false;
  const authentication = await findTransaction(tx, key, id);
  // The payer authenticated this very payment: same card, amount and currency (step 3).
  return (
    authentication?.type === 'AUTHENTICATION' &&
    authentication.token === token.token &&
    authentication.authenticationStatus === 'AUTHENTICATION_SUCCESSFUL' &&
    authentication.amountMinor === amountMinor &&
    authentication.currency === request.order.currency
  );
}

/** The order, made on its first payment; an order met before must be in the same currency. */
async function orderFor(
  tx: Db,
  key: OrderKey,
  request: TokenPaymentRequest,
  amountMinor: number,
  now: Date,
): Promise<OrderRow> {
  const currency = request.order.currency;
  if (!isKnownCurrency(currency)) {
    throw invalidRequest(`Currency ${currency} is not supported`, 'order.currency');
  }
  await ensureOrder(tx, {
    ...key,
    amountMinor,
    currency,
    description: ('description' in request.order && request.order.description) || '',
    // Until this attempt is decided; nobody sees the row before the transaction ends.
    status: 'FAILED',
    createdAt: now,
    updatedAt: now,
  });
  const order = await lockOrder(tx, key);
  if (!order) throw new Error(`Order ${key.orderId} vanished`);
  if (order.currency !== currency) {
    throw invalidRequest(
      `order.currency must be the order's currency, ${order.currency}`,
      'order.currency',
    );
  }
  return order;
}

async function record(
  tx: Db,
  key: OrderKey,
  order: OrderRow,
  transactionId: string,
  request: TokenPaymentRequest,
  token: TokenRow,
  amountMinor: number,
  approved: boolean,
  now: Date,
): Promise<TransactionAnswer> {
  const outcome: { result: TransactionResult; gatewayCode: GatewayCode } = approved
    ? { result: 'SUCCESS', gatewayCode: 'APPROVED' }
    : { result: 'FAILURE', gatewayCode: 'DECLINED' };
  const row: TransactionFields = {
    ...key,
    transactionId,
    type: typeOf[request.apiOperation],
    ...outcome,
    amountMinor,
    currency: order.currency,
    targetTransactionId: null,
    cardBrand: token.brand,
    cardLast4: token.maskedNumber.slice(-4),
    cardExpiry: null,
    token: token.token,
    authenticationStatus: null,
    redirectResponseUrl: null,
    response: null,
    settledAt: null,
    createdAt: now,
  };
  const updated = await updateOrder(tx, key, {
    ...orderChanges(request, amountMinor, approved, order),
    updatedAt: now,
  });
  if (!updated) throw new Error(`Order ${key.orderId} vanished`);
  const answer = transactionAnswer(updated, row);
  await insertTransaction(tx, { ...row, response: answer });
  return answer;
}

const typeOf = { AUTHORIZE: 'AUTHORIZATION', PAY: 'PAYMENT', VERIFY: 'VERIFICATION' } as const;

function orderChanges(
  request: TokenPaymentRequest,
  amountMinor: number,
  approved: boolean,
  order: OrderRow,
): Partial<OrderRow> {
  if (!approved) return { status: 'FAILED' };
  switch (request.apiOperation) {
    case 'VERIFY':
      // A verified card moves no money: the order keeps what it had.
      return { status: 'VERIFIED', amountMinor: order.amountMinor };
    case 'AUTHORIZE':
      return { status: 'AUTHORIZED', amountMinor, totalAuthorizedMinor: amountMinor };
    case 'PAY':
      return {
        status: 'CAPTURED',
        amountMinor,
        totalAuthorizedMinor: amountMinor,
        totalCapturedMinor: amountMinor,
      };
  }
}

function amountOf(order: { amount: string | number; currency: string }): number {
  const minor = isKnownCurrency(order.currency)
    ? toMinorUnits(order.amount, order.currency)
    : undefined;
  if (minor === undefined) {
    throw invalidRequest(
      `order.amount must be a positive amount in ${order.currency}, e.g. "12.99"`,
      'order.amount',
    );
  }
  return minor;
}

async function recordMit(
  db: Db,
  key: OrderKey,
  transactionId: string,
  request: { agreement?: { id?: string } },
  now: Date,
  outcome: 'ACCEPTED' | 'REFUSED',
  refusedField?: string,
): Promise<void> {
  await insertMitRequest(db, {
    ...key,
    transactionId,
    agreementId: request.agreement?.id ?? null,
    outcome,
    refusedField: refusedField ?? null,
    createdAt: now,
  });
}

/** A merchant-initiated request refused before it reached the service (its body's shape). */
export async function recordRefusedMit(
  db: Db,
  key: OrderKey,
  transactionId: string,
  agreementId: string | undefined,
  field: string | undefined,
  now: Date,
): Promise<void> {
  await recordMit(
    db,
    key,
    transactionId,
    { agreement: { id: agreementId } },
    now,
    'REFUSED',
    field,
  );
}
