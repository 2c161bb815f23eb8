/**
 * The one place where ledger rows become the contract's entry (spec field names), for the
 * buyer's ledger and the operator's view of an order.
 */
import type { LedgerEntry, ProfileLedgerEntry } from '@tern/contract';
import type { LedgerRow } from './repository';

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
    led_refunded_at: row.refundedAt?.toISOString() ?? null,
    led_credit_used: row.creditCents / 100,
  };
}

/** The entry as the buyer's profile lists it, with the plan in the shop's words. */
export function toProfileLedgerEntry(row: LedgerRow, title: string): ProfileLedgerEntry {
  return { ...toLedgerEntry(row), led_pla_title: title };
}
