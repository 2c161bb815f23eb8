/**
 * The one place where order rows become the contract's API shapes (spec field names).
 */
import {
  type CreateSessionResponse,
  type OrderPricingCents,
  orderPricingInDollars,
  orderStatusMessage,
  type PaymentConfirmation,
} from '@tern/contract';
import type { OrderRow } from './repository';

export function toPaymentConfirmation(order: OrderRow): PaymentConfirmation {
  return {
    status: order.status,
    message: orderStatusMessage(order.status),
    ...(order.iccid ? { iccid: order.iccid } : {}),
  };
}

export function toCreateSessionResponse(
  order: OrderRow,
  sessionId: string,
  pricing: OrderPricingCents,
): CreateSessionResponse {
  return {
    gateway_transaction: { updateStatus: true, sessionid: sessionId },
    led_payment_gateway_ref: order.gatewayOrderId,
    pricing: orderPricingInDollars(pricing),
  };
}
