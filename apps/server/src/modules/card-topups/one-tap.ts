/**
 * One-tap top-up (issue 32): the buyer picks a plan and a saved card, and the shop pays with
 * the card's gateway token, a cardholder-initiated payment. The bank may want to check the
 * payer first (3-D Secure): the gateway's redirect page is kept, the browser opens it, and the
 * gateway sends the payer back to the shop (its redirectResponseUrl), which then asks the
 * gateway how the check went (never trusting the browser's word) and authorises. Either way
 * the order is then followed like any other by the confirmation page, and delivered, then
 * captured, by the order's job.
 */
import { assertNever, type CardTopupResponse, cardTopupApiPaths } from '@tern/contract';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { badGateway, HttpError } from '../../errors';
import type { PayerAuthentication, PayerBrowser } from '../../integrations/gateway/client';
import type { AuthenticatedClient } from '../auth/require-client';
import {
  AUTHENTICATION_ID,
  findTokenOrder,
  insertTokenOrder,
  type OrderRow,
  payWithToken,
  requireTopupTarget,
  topupPlanFor,
} from '../orders/card-payment';
import type { OrdersDependencies } from '../orders/dependencies';
import { checkPayment } from '../orders/payment-check';
import type { PayingCard, SavedCardsService } from '../saved-cards/service';
import { findChallenge, insertChallenge } from './repository';

export interface OneTapDependencies {
  orders: OrdersDependencies;
  savedCards: Pick<SavedCardsService, 'requireCard' | 'cardById'>;
}

export type OneTapTopups = ReturnType<typeof createOneTapTopups>;

export function createOneTapTopups(deps: OneTapDependencies) {
  const { orders } = deps;
  const log = orders.log;

  async function topup(
    client: AuthenticatedClient,
    shopOrigin: string,
    iccid: string,
    request: { planName: string; cardId: number },
    browser: PayerBrowser = {},
  ): Promise<CardTopupResponse> {
    const card = await deps.savedCards.requireCard(client.id, request.cardId);
    const target = await requireTopupTarget(orders, client.id, iccid);
    const plan = await topupPlanFor(orders, request.planName, target);
    const order = await insertTokenOrder(orders, orders.db, {
      clientId: client.id,
      plan,
      iccid: target,
      savedCardId: card.id,
      initiator: 'cardholder',
    });
    const reference = order.gatewayOrderId;
    const authentication = await authenticate(order, card, shopOrigin, browser);
    switch (authentication.kind) {
      case 'challenge':
        await insertChallenge(orders.db, order.id, authentication.redirectHtml, orders.clock());
        return {
          next: 'authenticate',
          reference,
          authenticationUrl: `${shopOrigin}${cardTopupApiPaths.authentication.href(reference)}`,
        };
      case 'refused':
        await settleUnpaid(order);
        throw new HttpError(402, 'cardTopupMessages.authenticationFailed');
      case 'frictionless':
      case 'not-available':
        await pay(order, card, authentication.kind === 'frictionless');
        return { next: 'paid', reference };
      default:
        return assertNever(authentication, 'payer authentication');
    }
  }

  /** 3-D Secure for the payment; nothing is paid yet, so a gateway fault is a plain 502. */
  async function authenticate(
    order: OrderRow,
    card: PayingCard,
    shopOrigin: string,
    browser: PayerBrowser,
  ): Promise<PayerAuthentication> {
    try {
      return await orders.gateway().authenticatePayer({
        orderId: order.gatewayOrderId,
        transactionId: AUTHENTICATION_ID,
        token: card.token,
        amount: order.amountCents / 100,
        currency: order.currency,
        redirectResponseUrl: `${shopOrigin}${cardTopupApiPaths.authenticationReturn.href(order.gatewayOrderId)}`,
        browser,
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      log.warn({ err: error, order: order.gatewayOrderId }, 'one-tap top-up: no authentication');
      throw badGateway('cardTopupMessages.gatewayUnavailable');
    }
  }

  /** Authorises with the token; the buyer is told only what the gateway confirmed. */
  async function pay(order: OrderRow, card: PayingCard, authenticated: boolean): Promise<void> {
    let verdict: Awaited<ReturnType<typeof payWithToken>>['verdict'];
    try {
      verdict = (await payWithToken(orders, order, { token: card.token, authenticated })).verdict;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      // The authorisation may have gone through: the reconciler asks the gateway later and
      // delivers the order if it did, so the buyer is not asked to pay again.
      log.warn({ err: error, order: order.gatewayOrderId }, 'one-tap top-up: payment unconfirmed');
      throw badGateway('cardTopupMessages.paymentUnconfirmed');
    }
    switch (verdict.kind) {
      case 'paid':
        return;
      case 'failed':
        throw new HttpError(402, 'cardTopupMessages.declined');
      case 'mismatch':
      case 'unpaid':
        throw badGateway('cardTopupMessages.paymentUnconfirmed');
    }
  }

  /** A failed check or payment leaves the order as the gateway shows it (failed, or waiting). */
  async function settleUnpaid(order: OrderRow): Promise<void> {
    try {
      await checkPayment(orders, order);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      log.warn({ err: error, order: order.gatewayOrderId }, 'one-tap top-up: not settled now');
    }
  }

  /** The gateway's 3-D Secure page of an order still waiting for it; undefined otherwise. */
  async function challengePage(reference: string): Promise<string | undefined> {
    const order = await findTokenOrder(orders, reference);
    if (order?.status !== 'awaiting_payment') return undefined;
    return (await findChallenge(orders.db, order.id))?.redirectHtml;
  }

  /**
   * The payer is back from the bank's check: the gateway tells how it went, and an
   * authenticated payer's top-up is authorised. Whatever happens, the confirmation page then
   * shows the order as it stands; a fault here is left to the reconciler.
   */
  async function afterChallenge(reference: string): Promise<void> {
    const order = await findTokenOrder(orders, reference);
    if (order?.status !== 'awaiting_payment' || order.savedCardId === null) return;
    if (order.paymentInitiator !== 'cardholder') return;
    try {
      const outcome = await orders
        .gateway()
        .retrieveAuthentication(order.gatewayOrderId, AUTHENTICATION_ID);
      if (outcome === 'pending') return;
      const card = await deps.savedCards.cardById(order.savedCardId);
      if (outcome === 'failed' || !card) {
        await checkPayment(orders, order);
        return;
      }
      await payWithToken(orders, order, { token: card.token, authenticated: true });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      log.warn({ err: error, order: reference }, 'one-tap top-up: not paid after authentication');
    }
  }

  return { topup, challengePage, afterChallenge };
}
