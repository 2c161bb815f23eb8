/**
 * Orders and what they produce: the order itself (priced by us, paid at the gateway; its
 * fulfilment job is on the jobs table), the eSIMs the buyers own, the ledger (one entry
 * per delivered order, an invoice line) and an audit trail of what happened to each order.
 * Uniques do the exactly-once work: one ledger entry per order, one row
 * per ICCID.
 */
import { orderStatuses, purchaseTypes } from '@tern/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { plans } from './catalog';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const gatewayOperationValues = ['AUTHORIZE', 'PURCHASE'] as const;
export const paymentInitiators = ['cardholder', 'merchant'] as const;

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Our reference, the gateway's order id and the spec's led_payment_gateway_ref. */
    gatewayOrderId: text('gateway_order_id').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Plans are retired, never deleted, so this keeps pointing at what was sold. */
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    // Copies taken when the order was made: the invoice shows what was bought, whatever
    // the catalogue says later.
    planName: text('plan_name').notNull(),
    planDescription: text('plan_description').notNull(),
    /** The country's ISO code, or the region's name for a regional plan. */
    destinationIso: text('destination_iso').notNull(),
    destinationName: text('destination_name').notNull(),
    type: text('type', { enum: purchaseTypes }).notNull(),
    /** The buyer's eSIM a top-up applies to. */
    targetIccid: text('target_iccid'),
    /** Our catalogue price at order time, in cents (VAT and stamps included). */
    amountCents: integer('amount_cents').notNull(),
    /**
     * Store credit spent on the order besides the card (issue 31), in cents: the catalogue price
     * is amountCents + creditCents, and the card pays amountCents, on which VAT is reckoned.
     */
    creditCents: integer('credit_cents').notNull().default(0),
    /**
     * A promo code's discount (issue 31), in cents: taken off the catalogue price before the
     * credit, so the catalogue price is amountCents + creditCents + discountCents.
     */
    discountCents: integer('discount_cents').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    gatewayOperation: text('gateway_operation', { enum: gatewayOperationValues }).notNull(),
    gatewaySessionId: text('gateway_session_id'),
    /**
     * The buyer agreed on the shop's page to save the card (issue 32): the checkout asked the
     * gateway to store it, and the paid order's token is kept in saved_cards.
     */
    saveCard: boolean('save_card').notNull().default(false),
    /**
     * Paid with a saved card's token instead of the hosted page (issue 32): the card, and who
     * started the payment: the buyer (a one-tap top-up) or the shop (an automatic top-up).
     * Null for a payment on the gateway's page.
     */
    savedCardId: integer('saved_card_id'),
    paymentInitiator: text('payment_initiator', { enum: paymentInitiators }),
    /** What the gateway hands the payer on success; a returning resultIndicator must match. */
    successIndicator: text('success_indicator'),
    /** The approved AUTHORIZATION (or PAYMENT) at the gateway, the target of a void. */
    paymentTransactionId: text('payment_transaction_id'),
    /**
     * The turn this order was given to be placed at the provider (provider-pacing.ts), kept so a
     * job that waited for it does not take another.
     */
    providerOrderTurnAt: moment('provider_order_turn_at'),
    /** Set just before the provider is asked to sell; cleared once its answer is stored. */
    providerOrderStartedAt: moment('provider_order_started_at'),
    /**
     * From when a lookup that finds no provider order is conclusive: a call that got no answer
     * may still be carried out for a while; one the provider answered cannot.
     */
    providerOrderSettlesAt: moment('provider_order_settles_at'),
    /**
     * The provider's order; unique, so a provider order found by a lookup (its answer was
     * lost) can be claimed by one shop order only.
     */
    providerOrderReference: text('provider_order_reference').unique(),
    /** The eSIM delivered (or topped up). */
    iccid: text('iccid'),
    /** How often the gateway was asked about the payment (confirmations, reconciler). */
    paymentChecks: integer('payment_checks').notNull().default(0),
    paymentCheckedAt: moment('payment_checked_at'),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
    paidAt: moment('paid_at'),
    capturedAt: moment('captured_at'),
    confirmationMailedAt: moment('confirmation_mailed_at'),
    fulfilledAt: moment('fulfilled_at'),
    cancelledAt: moment('cancelled_at'),
    refundedAt: moment('refunded_at'),
  },
  (table) => [
    check('orders_amount_positive', sql`${table.amountCents} > 0`),
    check('orders_credit_not_negative', sql`${table.creditCents} >= 0`),
    check('orders_discount_not_negative', sql`${table.discountCents} >= 0`),
    check(
      'orders_topup_has_target',
      sql`(${table.type} = 'Topup') = (${table.targetIccid} is not null)`,
    ),
    index('orders_client_idx').on(table.clientId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    // The console's order list (newest first, by day) and the day's reconciliation.
    index('orders_created_idx').on(table.createdAt, table.id),
  ],
);

export const esims = pgTable(
  'esims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    iccid: text('iccid').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The order that bought it. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    matchingId: text('matching_id').notNull(),
    smdpAddress: text('smdp_address').notNull(),
    pin: text('pin'),
    puk: text('puk'),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [index('esims_client_idx').on(table.clientId)],
);

/**
 * The first columns of a record kept once per order, of the buyer and their eSIM: a second
 * row for the same order is impossible (the ledger entry, the self-service refund).
 */
export const oncePerOrderColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  iccid: text('iccid').notNull(),
});

/** One entry per order: a second insert for the same order is impossible. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    ...oncePerOrderColumns(),
    planName: text('plan_name').notNull(),
    planDescription: text('plan_description').notNull(),
    /** What the card paid, VAT and stamps included: the invoice's total. */
    enduserPriceCents: integer('enduser_price_cents').notNull(),
    /** Store credit spent on the order besides the card (issue 31); the invoice shows it. */
    creditCents: integer('credit_cents').notNull().default(0),
    /** A promo code's discount on the order (issue 31); the invoice shows it. */
    discountCents: integer('discount_cents').notNull().default(0),
    currency: text('currency').notNull(),
    bookedAt: moment('booked_at').notNull(),
    iso: text('iso').notNull(),
    country: text('country').notNull(),
    paymentGatewayRef: text('payment_gateway_ref').notNull(),
    /** Set when the buyer got this purchase's money back: the invoice list shows the credit. */
    refundedAt: moment('refunded_at'),
    /**
     * The provider's side of that refund: what eSIM Go credited back to the shop's balance for
     * the returned bundle, and when. For the operator; buyers never see it.
     */
    providerRefundCents: integer('provider_refund_cents'),
    providerRefundedAt: moment('provider_refunded_at'),
  },
  (table) => [index('ledger_entries_client_idx').on(table.clientId, table.bookedAt)],
);

/** What any reader may see of a ledger entry: everything but the internal order and client ids. */
export const ledgerEntryColumns = {
  id: ledgerEntries.id,
  iccid: ledgerEntries.iccid,
  planName: ledgerEntries.planName,
  planDescription: ledgerEntries.planDescription,
  enduserPriceCents: ledgerEntries.enduserPriceCents,
  creditCents: ledgerEntries.creditCents,
  discountCents: ledgerEntries.discountCents,
  currency: ledgerEntries.currency,
  bookedAt: ledgerEntries.bookedAt,
  iso: ledgerEntries.iso,
  country: ledgerEntries.country,
  paymentGatewayRef: ledgerEntries.paymentGatewayRef,
  refundedAt: ledgerEntries.refundedAt,
};
export type LedgerRow = Omit<
  typeof ledgerEntries.$inferSelect,
  'orderId' | 'clientId' | 'providerRefundCents' | 'providerRefundedAt'
>;

/** What happened to an order and when, for support and the operator CLI. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    at: moment('at').notNull(),
    event: text('event').notNull(),
    detail: text('detail'),
  },
  (table) => [
    index('order_events_order_idx').on(table.orderId, table.at),
    // The health section's deliveries of the last hours, by event and time.
    index('order_events_event_idx').on(table.event, table.at),
  ],
);

/**
 * The gateway's webhook notifications taken, by their X-Notification-Id: the gateway repeats a
 * notification until answered 2xx, and a repeat is acknowledged without acting again.
 */
export const gatewayNotifications = pgTable('gateway_notifications', {
  id: text('id').primaryKey(),
  gatewayOrderId: text('gateway_order_id').notNull(),
  receivedAt: moment('received_at').notNull(),
});

/**
 * The last reading of the shop's prepaid balance at eSIM Go (one row, id 1): what the readiness
 * probe reports, what a purchase is checked against before payment, and whether the operator
 * has been warned about this time under the floor (reset once the balance is back above it).
 */
export const providerBalance = pgTable('provider_balance', {
  id: integer('id').primaryKey(),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  checkedAt: moment('checked_at').notNull(),
  /** Set when the reading went under the floor and the operator was mailed; null above it. */
  warnedAt: moment('warned_at'),
});

/**
 * When the next order may be placed at eSIM Go (one row, 'orders'): every instance takes its
 * turn from this row in one statement, so orders are spaced however many instances sell.
 */
export const providerPacing = pgTable('provider_pacing', {
  name: text('name').primaryKey(),
  nextAt: moment('next_at').notNull(),
});
