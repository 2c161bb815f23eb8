/**
 * Buying: opens a payment for a plan at our catalogue price, and confirms it afterwards by
 * asking the gateway, then delivers the eSIM at once when it can (the same job the worker
 * would run, claimed the same way). Every call acts for a signed-in client and only ever
 * sees that client's orders.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CreateSessionResponse,
  CURRENCY,
  mobileCountry,
  type OrderPricingCents,
  orderApiPaths,
  orderDescription,
  type PaymentConfirmation,
  type Plan,
  type PurchaseType,
  priceOrderInCents,
} from '@tern/contract';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { badGateway, badRequest, conflict, forbidden, notFound } from '../../errors';
import { jobIsLeased } from '../../jobs/engine';
import { sameSecret } from '../../lib/same-secret';
import { type AuthenticatedClient, isOwnEmail } from '../auth/require-client';
import type { GiftRequest } from '../gifts/service';
import { requireTopupTarget } from './card-payment';
import { creditOrderOf } from './credit-order';
import type { OrdersDependencies } from './dependencies';
import { toCreateSessionResponse, toPaymentConfirmation } from './mappers';
import { type OrderJobs, orderJobKey } from './order-jobs';
import { newOrderReference } from './order-reference';
import { checkPayment } from './payment-check';
import { requireBalanceFor } from './provider-balance';
import { checkWithProvider } from './provider-check';
import {
  addOrderEvent,
  findOrderByReference,
  insertOrder,
  type OrderRow,
  reloadOrder,
  updateOrder,
} from './repository';
import { awaitsFulfilment, confirmationStep } from './status';

/** What any of the purchase endpoints asks for, once its body is read. */
export interface PurchaseInput {
  /** The shop as the buyer reached it: the gateway sends them back there (lib/public-origin.ts). */
  shopOrigin: string;
  planName: string;
  email: string;
  type: PurchaseType;
  /** The eSIM to top up (Topup only). */
  iccid: string | undefined;
  /**
   * The buyer confirmed a plan for their own country (issue 31); the legacy calls, which
   * cannot say so, never confirm it.
   */
  homeCountryConfirmed?: boolean;
  /** Someone else's e-mail and a message, when the plan is a gift (gifts module). */
  gift?: GiftRequest;
  /** Spend the buyer's store credit on it (issue 31); the shop decides how much. */
  useCredit: boolean;
  /** A promo code the buyer typed (issue 31). */
  promoCode?: string | undefined;
  /** The buyer's consent to save the card (issue 32): the checkout asks the gateway to store it. */
  saveCard?: boolean;
}

// A buyer who confirms while another request delivers the same order waits this long for
// it, so a double click still ends on "fulfilled" rather than "being prepared".
const CONFIRMATION_WAIT_MS = 10_000;
const CONFIRMATION_POLL_MS = 100;
// MPGS limits an order description to 127 characters.
const GATEWAY_DESCRIPTION_MAX = 127;

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(deps: OrdersDependencies, runner: OrderJobs) {
  const { catalog } = deps;

  async function openPayment(
    client: AuthenticatedClient,
    input: PurchaseInput,
  ): Promise<CreateSessionResponse> {
    if (!isOwnEmail(client, input.email)) throw forbidden('orderMessages.emailMismatch');
    const gift = deps.gifts.check(client, input.type, input.gift);
    const plan = await catalog.planForSale(input.planName);
    if (!plan) throw badRequest('orderMessages.noPlanSelected');
    // Issue 31: the shop's plans are for use abroad; one for the buyer's own country only
    // when they say so.
    if (isHomeCountry(client, plan.destinationIso) && input.homeCountryConfirmed !== true) {
      throw badRequest('orderMessages.homeCountryUnconfirmed');
    }
    await requireBalanceFor(deps, plan.providerPriceCents);
    const targetIccid = input.type === 'Topup' ? await ownedIccid(client, input.iccid) : null;
    await checkWithProvider(deps, plan, targetIccid);
    // A code that does not apply is refused here, with its reason, before anything is made.
    const promo = input.promoCode
      ? await deps.promoCodes.quote(input.promoCode, plan, client.id)
      : undefined;
    const { order, pricing } = await deps.db.transaction(async (tx) => {
      // The account's credit stays locked until this commits: a second purchase at the same
      // moment waits here, then finds the credit spent (decision 0045).
      const available = input.useCredit ? await deps.credit.lockAvailable(tx, client.id) : 0;
      if (input.useCredit && available <= 0) throw conflict('creditMessages.noCreditLeft');
      const pricing = priceOrderInCents({
        priceCents: plan.priceCents,
        discountCents: promo?.discountCents ?? 0,
        creditAvailableCents: available,
      });
      const now = deps.clock();
      const order = await insertOrder(tx, {
        gatewayOrderId: newOrderReference(),
        clientId: client.id,
        planId: plan.id,
        planName: plan.name,
        planDescription: plan.description,
        destinationIso: plan.destinationIso,
        destinationName: plan.destinationName,
        type: input.type,
        targetIccid,
        // What the card pays; the credit is on the order beside it.
        amountCents: pricing.total,
        creditCents: pricing.credit,
        discountCents: pricing.discount,
        currency: CURRENCY,
        status: 'created',
        gatewayOperation: deps.gatewayOperation,
        saveCard: input.saveCard === true,
        createdAt: now,
        updatedAt: now,
      });
      await deps.credit.spendOnOrder(tx, creditOrderOf(order), pricing.credit);
      // The code's use is taken in the same commit; used up meanwhile, nothing is made.
      if (promo) {
        await deps.promoCodes.redeem(
          tx,
          { ...promo, discountCents: pricing.discount },
          client.id,
          order.id,
        );
      }
      // In the same commit: an order whose gift was not written would go to the buyer.
      if (gift) await deps.gifts.record(order.id, client, gift, tx);
      return { order, pricing };
    });
    // The payer reads this on the gateway's page: the shop's words, not the provider's name.
    const description = orderDescription(plan.destinationName, {
      dataMb: plan.dataAmountMb,
      unlimited: plan.unlimited,
      durationDays: plan.durationDays,
    });
    return openGatewaySession(order, pricing, description, input.shopOrigin);
  }

  /** Whether a destination is the country of the buyer's mobile number. */
  function isHomeCountry(client: AuthenticatedClient, destinationIso: string): boolean {
    const home = mobileCountry(client.mobile);
    return home !== undefined && destinationIso.toUpperCase() === home;
  }

  /** The eSIM a top-up is for: the buyer's own, and not one refunded and returned. */
  async function ownedIccid(client: AuthenticatedClient, iccid: string | undefined) {
    if (!iccid) throw badRequest('orderMessages.iccidRequired');
    return requireTopupTarget(deps, client.id, iccid);
  }

  async function openGatewaySession(
    order: OrderRow,
    pricing: OrderPricingCents,
    description: string,
    shopOrigin: string,
  ): Promise<CreateSessionResponse> {
    const gateway = deps.gateway();
    let session: Awaited<ReturnType<typeof gateway.initiateCheckout>>;
    try {
      session = await gateway.initiateCheckout({
        orderId: order.gatewayOrderId,
        amount: order.amountCents / 100,
        currency: order.currency,
        description: description.slice(0, GATEWAY_DESCRIPTION_MAX),
        // No '#': the gateway appends its query to these (see paymentReturnRoutes).
        returnUrl: `${shopOrigin}${orderApiPaths.paymentReturn.href()}`,
        cancelUrl: `${shopOrigin}${orderApiPaths.paymentCancelReturn.href()}`,
        operation: order.gatewayOperation,
        merchantName: deps.brandName,
        timeoutSeconds: deps.checkoutTimeoutSeconds,
        // Only with the buyer's consent, given on the shop's page (issue 32).
        ...(order.saveCard ? { storeCard: true } : {}),
      });
    } catch (error) {
      // The order stays `created`; the reconciler cancels it, and the buyer simply tries again.
      deps.log.error({ err: error, order: order.gatewayOrderId }, 'could not open a payment');
      await addOrderEvent(deps.db, order.id, deps.clock(), 'gateway-session-failed');
      throw badGateway('orderMessages.gatewayUnavailable');
    }
    const now = deps.clock();
    const opened = await updateOrder(
      deps.db,
      order.id,
      {
        status: 'awaiting_payment',
        gatewaySessionId: session.sessionId,
        successIndicator: session.successIndicator,
        updatedAt: now,
      },
      ['created'],
    );
    if (!opened) {
      // Given up meanwhile (the reconciler cancels an order left `created`): a payment on this
      // session could never be confirmed, so the buyer gets none and simply tries again.
      deps.log.warn({ order: order.gatewayOrderId }, 'order cancelled while its payment opened');
      await addOrderEvent(deps.db, order.id, now, 'session-discarded', session.sessionId);
      throw badGateway('orderMessages.gatewayUnavailable');
    }
    await addOrderEvent(deps.db, order.id, now, 'session-opened', session.sessionId);
    return toCreateSessionResponse(opened, session.sessionId, pricing);
  }

  /**
   * The answer to "did my payment go through?": asks the gateway when the order is not
   * known to be paid yet, then delivers at once when the job is free to take.
   */
  async function confirm(
    client: AuthenticatedClient,
    reference: string,
    resultIndicator: string | undefined,
  ): Promise<PaymentConfirmation> {
    const order = await findOrderByReference(deps.db, reference);
    // Someone else's order answers like no order at all: references are not to be probed.
    if (!order || order.clientId !== client.id) throw notFound('orderMessages.orderNotFound');
    if (resultIndicator !== undefined && !sameSecret(resultIndicator, order.successIndicator)) {
      throw badRequest('orderMessages.resultIndicatorMismatch');
    }
    let current = order;
    switch (confirmationStep(order.status)) {
      case 'ask-gateway':
        current = await askGateway(order);
        break;
      case 'fulfil':
      case 'answer':
        break;
    }
    if (awaitsFulfilment(current.status)) current = await deliverNow(current);
    return toPaymentConfirmation(current);
  }

  async function askGateway(order: OrderRow): Promise<OrderRow> {
    try {
      return (await checkPayment(deps, order)).order;
    } catch (error) {
      // Our own database away is a 503 (error-handler), not the gateway's fault.
      if (isDatabaseUnavailable(error)) throw error;
      deps.log.warn({ err: error, order: order.gatewayOrderId }, 'payment check failed');
      throw badGateway('orderMessages.confirmationUnavailable');
    }
  }

  /** Runs the order's job here if it is free; else waits a little for whoever has it. */
  async function deliverNow(order: OrderRow): Promise<OrderRow> {
    try {
      await runner.runJobsForOrder(order.id);
    } catch (error) {
      // The job is durable: the worker finishes what this request could not.
      deps.log.error({ err: error, order: order.gatewayOrderId }, 'inline fulfilment failed');
    }
    const deadline = deps.clock().getTime() + CONFIRMATION_WAIT_MS;
    for (;;) {
      const current = await reloadOrder(deps.db, order.id);
      if (!awaitsFulfilment(current.status) || deps.clock().getTime() >= deadline) return current;
      // Nobody holds the job any more: read once more, as it may have finished between the
      // two reads (its final status commits before its lease ends).
      const key = orderJobKey(order.id);
      if (!(await jobIsLeased(deps.db, key, deps.clock()))) return reloadOrder(deps.db, order.id);
      await sleep(CONFIRMATION_POLL_MS);
    }
  }

  /** The plans on sale for a destination (ISO code or region name), for one's own eSIM. */
  async function topupPlans(
    client: AuthenticatedClient,
    iccid: string,
    destination: string,
  ): Promise<Plan[]> {
    await deps.esims.requireOwned(client.id, iccid);
    const isIso = /^[A-Za-z]{2}$/.test(destination);
    const answer = isIso
      ? await catalog.plansForCountryIso(destination.toUpperCase())
      : await catalog.plansForRegionName(destination);
    if (!answer) {
      throw notFound(
        isIso ? 'catalogErrorMessages.countryNotFound' : 'catalogErrorMessages.regionNotFound',
      );
    }
    return answer;
  }

  return { openPayment, confirm, topupPlans };
}
