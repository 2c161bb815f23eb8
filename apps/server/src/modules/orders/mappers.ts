/**
 * The one place where order rows become the contract's API shapes (spec field names).
 */
import {
  type CreateSessionResponse,
  type LedgerEntry,
  orderStatusMessage,
  type PaymentConfirmation,
} from '@tern/contract';
import type { LedgerRow, OrderRow } from './repository';

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
  paymentUrl: string,
): CreateSessionResponse {
  return {
    gateway_transaction: { updateStatus: true, sessionid: sessionId },
    led_payment_gateway_ref: order.gatewayOrderId,
    payment_url: paymentUrl,
  };
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    led_id: row.id,
    led_iccid: row.iccid,
    led_pla_name: row.planName,
    led_pla_description: row.planDescription,
    led_enduser_price: row.enduserPriceCents / 100,
    led_currency: row.currency,
    led_gl: row.bookedAt.toISOString(),
    led_iso: row.iso,
    led_country: row.country,
    led_payment_gateway_ref: row.paymentGatewayRef,
  };
}
