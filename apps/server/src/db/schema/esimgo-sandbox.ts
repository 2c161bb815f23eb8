/**
 * State of the built-in eSIM Go simulator (src/sandbox/esimgo): the eSIMs it issued, its
 * orders, the bundle assignments, and one row of clock and fault settings. Nothing of the
 * shop itself reads these tables; they stand in for the provider's own database.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const assignmentReferenceShapes = ['suffixed', 'plain'] as const;
export const installDetailsShapes = ['object', 'array'] as const;
export const ordersListShapes = ['bare', 'paged'] as const;
export const callbackBundleIdShapes = ['absent', 'present'] as const;
export const compatibilityShapes = ['message', 'boolean'] as const;
/** What POST /orders is asked to do: a fault on that route affects one kind only. */
export const esimGoOrderRequestTypes = ['transaction', 'validate'] as const;

/**
 * How the simulator's catalogue differs from the generated one, as a provider's does over time:
 * bundles withdrawn, prices changed, and bundles from another network provider that no eSIM
 * issued so far can take (GET /esims/{iccid}/compatible/{bundle} says false for them).
 */
export interface CatalogueChanges {
  withdrawn: string[];
  /** New price per bundle name, in the organisation currency's major unit. */
  prices: Record<string, number>;
  incompatible: string[];
}
export const NO_CATALOGUE_CHANGES: CatalogueChanges = {
  withdrawn: [],
  prices: {},
  incompatible: [],
};

export const esimGoProfileStatuses = [
  'Released',
  'Downloaded',
  'Installed',
  'Unavailable',
  'Deactivated',
] as const;

/**
 * error500, timeout (hang before the call runs), rateLimit and lateAnswer (the call runs, its
 * answer is held until the client gives up) hit any provider call; async applies to
 * POST /orders only, processing to GETs only, failedOrder to POST /orders transactions only
 * (see sandbox/esimgo/faults.ts).
 */
export const esimGoFaultModes = [
  'none',
  'error500',
  'timeout',
  'rateLimit',
  'lateAnswer',
  'async',
  'processing',
  'processingAfterOrder',
  'failedOrder',
] as const;

/**
 * An order placed under the async fault stays processing, without eSIMs, until completesAt;
 * one placed under the failedOrder fault then ends failed, with no eSIMs.
 */
export const esimGoOrderStatuses = ['processing', 'completed', 'failed'] as const;

/** What a processing order becomes once its delay is over. */
export const esimGoOrderOutcomes = ['completed', 'failed'] as const;

/**
 * What an order was: a purchase (transaction), or a bundle refunded from the inventory to the
 * organisation's balance, which eSIM Go lists among the orders too (bundleRefund).
 */
export const esimGoOrderTypes = ['transaction', 'bundleRefund'] as const;

/** What a transaction asked for, kept so an async order can be completed later. */
export interface EsimGoSandboxOrderLine {
  item: string;
  quantity: number;
  iccids?: string[];
  allowReassign: boolean;
  priceCents: number;
}

/** ICCIDs are numbered from a database sequence, so they stay unique across restarts and instances. */
export const esimGoSandboxIccidSequence = pgSequence('esimgo_sandbox_iccid_seq', { startWith: 1 });

const simulatedTime = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const esimGoSandboxEsims = pgTable('esimgo_sandbox_esims', {
  iccid: text('iccid').primaryKey(),
  matchingId: text('matching_id').notNull(),
  smdpAddress: text('smdp_address').notNull(),
  profileStatus: text('profile_status', { enum: esimGoProfileStatuses })
    .notNull()
    .default('Released'),
  pin: text('pin').notNull(),
  puk: text('puk').notNull(),
  /** Simulated time, like every timestamp in these tables. */
  firstInstalledAt: simulatedTime('first_installed_at'),
  /**
   * The network the phone last attached to (eSIM Go's location: networkName, mobileNetworkCode,
   * country) and when; null until the control says the phone attached.
   */
  networkName: text('network_name'),
  mobileNetworkCode: text('mobile_network_code'),
  networkCountry: text('network_country'),
  lastSeenAt: simulatedTime('last_seen_at'),
  /** How many times the shop asked for a network refresh (GET /esims/{iccid}/refresh). */
  refreshCount: integer('refresh_count').notNull().default(0),
  createdAt: simulatedTime('created_at').notNull(),
});

export const esimGoSandboxOrders = pgTable(
  'esimgo_sandbox_orders',
  {
    reference: text('reference').primaryKey(),
    type: text('type', { enum: esimGoOrderTypes }).notNull().default('transaction'),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: esimGoOrderStatuses }).notNull().default('completed'),
    lines: jsonb('lines').$type<EsimGoSandboxOrderLine[]>().notNull().default([]),
    /** When a processing order gets its eSIMs (or fails); null once it has. */
    completesAt: simulatedTime('completes_at'),
    /** What the processing order becomes at completesAt: failed under the failedOrder fault. */
    outcome: text('outcome', { enum: esimGoOrderOutcomes }).notNull().default('completed'),
    /**
     * From when GET /orders lists the order and GET /orders/{ref} finds it: an order placed
     * under the processingAfterOrder fault is not shown for a while; null: at once.
     */
    listedFrom: simulatedTime('listed_from'),
    createdAt: simulatedTime('created_at').notNull(),
  },
  (table) => [index('esimgo_sandbox_orders_created_idx').on(table.createdAt)],
);

export const esimGoSandboxAssignments = pgTable(
  'esimgo_sandbox_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    iccid: text('iccid')
      .notNull()
      .references(() => esimGoSandboxEsims.iccid),
    orderReference: text('order_reference')
      .notNull()
      .references(() => esimGoSandboxOrders.reference),
    bundleName: text('bundle_name').notNull(),
    // A copy of the bundle's allowance at order time, so usage never depends on the catalogue.
    /** Bytes; -1 for unlimited bundles. */
    initialBytes: bigint('initial_bytes', { mode: 'number' }).notNull(),
    durationDays: integer('duration_days').notNull(),
    assignedAt: simulatedTime('assigned_at').notNull(),
    /** Set by the control: the share of the data used, instead of the clock's even use. */
    usedPercent: integer('used_percent'),
    /** The highest usage threshold (1, 50, 80, 100) whose callback was sent. */
    notifiedPercent: integer('notified_percent').notNull().default(0),
    /** Revoked by DELETE /esims/{iccid}/bundles/{name}: no longer usable nor listed. */
    revokedAt: simulatedTime('revoked_at'),
  },
  (table) => [
    index('esimgo_sandbox_assignments_iccid_idx').on(table.iccid),
    index('esimgo_sandbox_assignments_order_idx').on(table.orderReference),
  ],
);

/** One row (id 1): kept in the database so every app instance sees the same clock and faults. */
export const esimGoSandboxSettings = pgTable(
  'esimgo_sandbox_settings',
  {
    id: integer('id').primaryKey(),
    /** How far the simulated clock runs ahead of the real one. */
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
    faultMode: text('fault_mode', { enum: esimGoFaultModes }).notNull().default('none'),
    /** Provider calls the fault still affects; null: every call until reset. */
    faultRemaining: integer('fault_remaining'),
    /** Only calls to this route fail ('GET /esims/:iccid/bundles'); null: every call. */
    faultRoute: text('fault_route'),
    /** Which orders a fault on POST /orders affects: purchases (by default) or validations. */
    faultOrderType: text('fault_order_type', { enum: esimGoOrderRequestTypes })
      .notNull()
      .default('transaction'),
    /**
     * How assignments name their order, where eSIM Go's pages differ: 'suffixed' (the order's
     * reference and `-0`, v2.4's example) or 'plain' (the reference alone).
     */
    assignmentReferenceShape: text('assignment_reference_shape', {
      enum: assignmentReferenceShapes,
    })
      .notNull()
      .default('suffixed'),
    /** GET /esims/assignments as JSON: one object (v2.4's example) or an array of them. */
    installDetailsShape: text('install_details_shape', { enum: installDetailsShapes })
      .notNull()
      .default('object'),
    /** GET /orders: a bare array of orders, or `{orders, pageCount, pageSize, rows}`. */
    ordersListShape: text('orders_list_shape', { enum: ordersListShapes })
      .notNull()
      .default('bare'),
    /** The usage callback's `bundle.id` (and reference): sent (V3's page) or left out. */
    callbackBundleIdShape: text('callback_bundle_id_shape', { enum: callbackBundleIdShapes })
      .notNull()
      .default('absent'),
    /** GET /esims/{iccid}/compatible/{bundle}: `{message}` (v2.2 to v2.4) or `{compatible}`. */
    compatibilityShape: text('compatibility_shape', { enum: compatibilityShapes })
      .notNull()
      .default('message'),
    catalogueChanges: jsonb('catalogue_changes')
      .$type<CatalogueChanges>()
      .notNull()
      .default(NO_CATALOGUE_CHANGES),
    /**
     * The organisation's prepaid balance, in cents of its currency: orders draw on it, bundles
     * refunded from the inventory credit it (GET /organisation shows it).
     */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(100_000_000),
    /** The organisation's currency: its balance's and the catalogue's prices' ("Bundle price in the organisation currency"). */
    currency: text('currency').notNull().default('USD'),
    retryAfterSeconds: integer('retry_after_seconds').notNull().default(1),
    /** How long an order placed under the async fault stays processing. */
    asyncDelayMs: integer('async_delay_ms').notNull().default(3000),
  },
  (table) => [check('esimgo_sandbox_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * The organisation's inventory: bundles bought and not (or no longer) on an eSIM. A revoked
 * bundle that had not started comes back here; `id` is the usageId that POST /inventory/refund
 * names. https://docs.esim-go.com/api/v2_4/operations/inventory
 */
export const esimGoSandboxInventory = pgTable('esimgo_sandbox_inventory', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  bundleName: text('bundle_name').notNull(),
  /** What one use cost the organisation, credited back by a refund. */
  priceCents: integer('price_cents').notNull(),
  total: integer('total').notNull(),
  remaining: integer('remaining').notNull(),
  /** The end of the refund period: "typically 60 days" from the purchase. */
  expiresAt: simulatedTime('expires_at').notNull(),
  createdAt: simulatedTime('created_at').notNull(),
});
