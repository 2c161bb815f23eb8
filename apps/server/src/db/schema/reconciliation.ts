/**
 * The day's reconciliation (issue 30): provider orders no shop order holds, given back to eSIM
 * Go by an operator. One row per bundle assignment revoked, so each is revoked and refunded
 * from the inventory once, whatever the clicks and instances; the job return-provider-order:<ref>
 * takes the steps. Payments no shop order holds need no row: the gateway's view of the order
 * tells what is left to give back.
 */
import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const providerOrderReturns = pgTable(
  'provider_order_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerOrderReference: text('provider_order_reference').notNull(),
    iccid: text('iccid').notNull(),
    bundleName: text('bundle_name').notNull(),
    assignmentId: text('assignment_id').notNull(),
    /** Written before the revoke is asked for (who asked is in the operators' audit log). */
    requestedAt: moment('requested_at').notNull(),
    revokedAt: moment('revoked_at'),
    /**
     * The bundle's price back to the balance (POST /inventory/refund), as a self-service refund
     * does (esim_refunds): started before the call, which has no key that makes a second one
     * harmless; the reference is the bundleRefund order eSIM Go lists for it, claimed once.
     */
    inventoryRefundStartedAt: moment('inventory_refund_started_at'),
    inventoryRefundReference: text('inventory_refund_reference').unique(),
    inventoryRefundedAt: moment('inventory_refunded_at'),
    inventoryRefundCents: integer('inventory_refund_cents'),
  },
  (table) => [unique('provider_order_returns_once').on(table.iccid, table.assignmentId)],
);
