/**
 * After the sale (issue 16): the usage alerts sent to buyers and the refunds they asked for
 * themselves. Uniques do the exactly-once work here too: one alert of a kind per bundle
 * assignment, one self-service refund per order, whatever the number of callbacks, clicks
 * or instances.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { oncePerOrderColumns } from './orders';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 80% of the data used, the data used up, and 24 hours before the bundle expires. */
/** Who may decide an eSIM's refund. */
export const refundRequesters = ['buyer', 'operator'] as const;
export type RefundRequester = (typeof refundRequesters)[number];

export const usageAlertKinds = ['used_80', 'used_up', 'expiring'] as const;
export type UsageAlertKind = (typeof usageAlertKinds)[number];

export const usageAlerts = pgTable(
  'usage_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    iccid: text('iccid').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind', { enum: usageAlertKinds }).notNull(),
    /**
     * Which use of a bundle the alert is about: the bundle's name and the provider's assignment
     * id (`esim_1GB_7D_FR_V2#42`), so a second purchase of the same bundle on the same eSIM gets
     * alerts of its own.
     */
    bundleKey: text('bundle_key').notNull(),
    /** When the alert was decided: the unique below lets one instance decide it. */
    claimedAt: moment('claimed_at').notNull(),
    /** Set once the mail went out; until then its job (usage-alert:<id>) retries it. */
    mailedAt: moment('mailed_at'),
  },
  (table) => [
    unique('usage_alerts_once').on(table.iccid, table.kind, table.bundleKey),
    index('usage_alerts_unmailed_idx').on(table.mailedAt),
  ],
);

/** The steps of a self-service refund, each done once and recorded, so a retry resumes. */
export const esimRefunds = pgTable(
  'esim_refunds',
  {
    // One refund per order: a second request finds this row instead of refunding again.
    ...oncePerOrderColumns(),
    requestedAt: moment('requested_at').notNull(),
    /**
     * Who decided: the buyer (an eSIM never installed, within 14 days) or an operator (any
     * delivered order, for a reason of their own); the confirmation mail says which.
     */
    requestedBy: text('requested_by', { enum: refundRequesters }).notNull().default('buyer'),
    /** The bundle revoked at the provider. */
    providerRevokedAt: moment('provider_revoked_at'),
    /** The money back at the gateway: 'voided' or 'refunded'. */
    moneyReturnedAt: moment('money_returned_at'),
    moneyReturn: text('money_return'),
    mailedAt: moment('mailed_at'),
    /**
     * The merchant's money back at eSIM Go: the revoked bundle refunded from the inventory to
     * the organisation's balance. Started is written before the call (there is no key to make
     * a second call harmless); the reference is the bundleRefund order the provider lists for
     * it, which no other refund may claim; refunded is set with what it credited (0: nothing
     * was left to refund, e.g. the refund period was over).
     */
    inventoryRefundStartedAt: moment('inventory_refund_started_at'),
    inventoryRefundReference: text('inventory_refund_reference').unique(),
    inventoryRefundedAt: moment('inventory_refunded_at'),
    inventoryRefundCents: integer('inventory_refund_cents'),
    /** Set when every step is done. */
    completedAt: moment('completed_at'),
  },
  (table) => [
    check(
      'esim_refunds_money_return_known',
      sql`${table.moneyReturn} is null or ${table.moneyReturn} in ('voided', 'refunded')`,
    ),
    check('esim_refunds_requested_by_known', sql`${table.requestedBy} in ('buyer', 'operator')`),
  ],
);
