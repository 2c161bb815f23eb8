/**
 * Paying a top-up with a saved card's gateway token (issue 32), the buyer's tap (a
 * cardholder-initiated payment) or the shop's automatic top-up (merchant-initiated, under the
 * agreement the buyer made). The order is made as any top-up is (a plan on sale, the buyer's
 * own eSIM, the provider's checks), then authorised at the gateway with the token and judged
 * by Retrieve Order like a payment on the hosted page, so it is captured only once delivered
 * (fulfilment.ts): the same exactly-once path as every order.
 *
 * The authorisation is sent under one transaction id per order (AUTHORIZATION_ID), and only
 * when Retrieve Order does not list it yet: a request that crashed or lost its answer is never
 * sent twice, whoever asks again (MPGS ids are "unique for transactions you create within an
 * order", see client.ts nextTransactionId).
 */
import { CURRENCY } from '@tern/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import type { PaymentAgreement, PaymentInitiator } from '../../integrations/gateway/client';
import type { PlanForSale } from '../catalog/service';
import type { OrdersDependencies } from './dependencies';
import { newOrderReference } from './order-reference';
import { checkPayment, type PaymentCheck } from './payment-check';
import { requireBalanceFor } from './provider-balance';
import { checkWithProvider } from './provider-check';
import {
  addOrderEvent,
  findOrderById,
  findOrderByReference,
  insertOrder,
  type OrderRow,
} from './repository';

export type { OrderRow };

/** The one authorisation of a token order. */
export const AUTHORIZATION_ID = 'authorize-1';
/** The one 3-D Secure authentication of a one-tap top-up. */
export const AUTHENTICATION_ID = 'authenticate-1';

export interface TokenOrderInput {
  clientId: number;
  plan: PlanForSale;
  iccid: string;
  savedCardId: number;
  initiator: PaymentInitiator;
}

/**
 * The plan a token top-up buys, checked as the hosted page's top-ups are: on sale, affordable at
 * the provider, suitable for this eSIM. Throws the buyer's 400 or 409.
 */
export async function topupPlanFor(
  deps: OrdersDependencies,
  planName: string,
  iccid: string,
): Promise<PlanForSale> {
  const plan = await deps.catalog.planForSale(planName);
  if (!plan) throw badRequest('orderMessages.noPlanSelected');
  await requireBalanceFor(deps, plan.providerPriceCents);
  await checkWithProvider(deps, plan, iccid);
  return plan;
}

/** The eSIM a top-up is for: the buyer's own, and not one refunded and returned. */
export async function requireTopupTarget(
  deps: OrdersDependencies,
  clientId: number,
  iccid: string,
): Promise<string> {
  const esim = await deps.esims.requireOwned(clientId, iccid);
  // Whoever paid for it: a gift's first purchase is its buyer's (issue 31). A self-service
  // refund revokes the eSIM's bundles and returns it to the provider.
  const purchases = (await deps.ledger.purchasesOfEsims(undefined, [esim.iccid])).get(esim.iccid);
  const original = purchases?.find((purchase) => purchase.orderId === esim.orderId);
  if (original?.refundedAt) throw conflict('orderMessages.esimRefunded');
  return esim.iccid;
}

/**
 * A top-up order to be paid with a token, awaiting its payment from the start (there is no
 * hosted session to open). In `tx` when the caller decides more in the same commit.
 */
export async function insertTokenOrder(
  deps: OrdersDependencies,
  tx: Db,
  input: TokenOrderInput,
): Promise<OrderRow> {
  const now = deps.clock();
  const order = await insertOrder(tx, {
    gatewayOrderId: newOrderReference(),
    clientId: input.clientId,
    planId: input.plan.id,
    planName: input.plan.name,
    planDescription: input.plan.description,
    destinationIso: input.plan.destinationIso,
    destinationName: input.plan.destinationName,
    type: 'Topup',
    targetIccid: input.iccid,
    amountCents: input.plan.priceCents,
    currency: CURRENCY,
    status: 'awaiting_payment',
    // Authorised, delivered, then captured, whatever the hosted page's operation is.
    gatewayOperation: 'AUTHORIZE',
    savedCardId: input.savedCardId,
    paymentInitiator: input.initiator,
    createdAt: now,
    updatedAt: now,
  });
  await addOrderEvent(tx, order.id, now, 'token-order', input.initiator);
  return order;
}

export interface TokenPayment {
  token: string;
  /** The agreement a merchant-initiated payment is made under. */
  agreement?: PaymentAgreement;
  /** The payer's 3-D Secure authentication on this order, when the bank asked for one. */
  authenticated?: boolean;
}

/**
 * Authorises the order's amount with the token unless the gateway has the authorisation
 * already, then reads the order back as every payment is judged (payment-check.ts): paid
 * (fulfilment enqueued), failed (declined), or unpaid. Gateway faults are thrown.
 */
export async function payWithToken(
  deps: OrdersDependencies,
  order: OrderRow,
  payment: TokenPayment,
): Promise<PaymentCheck> {
  const gateway = deps.gateway();
  const known = await gateway.retrieveOrder(order.gatewayOrderId);
  const sent = known?.transaction.some((entry) => entry.transaction.id === AUTHORIZATION_ID);
  // Sent before: the order just retrieved is the one to judge.
  if (sent) return checkPayment(deps, order, known);
  await addOrderEvent(deps.db, order.id, deps.clock(), 'token-authorization-sent');
  await gateway.authorizeWithToken({
    orderId: order.gatewayOrderId,
    transactionId: AUTHORIZATION_ID,
    token: payment.token,
    amount: order.amountCents / 100,
    currency: order.currency,
    initiator: order.paymentInitiator ?? 'cardholder',
    ...(payment.agreement ? { agreement: payment.agreement } : {}),
    ...(payment.authenticated ? { authenticationTransactionId: AUTHENTICATION_ID } : {}),
  });
  // Judged by the order as the gateway now holds it (the answer to a PUT is not the order).
  return checkPayment(deps, order);
}

/** An order paid (or to be paid) with a saved card, by its reference; undefined for any other. */
export async function findTokenOrder(
  deps: OrdersDependencies,
  reference: string,
): Promise<OrderRow | undefined> {
  return tokenOrderOnly(await findOrderByReference(deps.db, reference));
}

/** An order paid (or to be paid) with a saved card, by its id; undefined for any other. */
export async function findTokenOrderById(
  deps: OrdersDependencies,
  id: number,
): Promise<OrderRow | undefined> {
  return tokenOrderOnly(await findOrderById(deps.db, id));
}

function tokenOrderOnly(order: OrderRow | undefined): OrderRow | undefined {
  return order?.savedCardId != null ? order : undefined;
}
