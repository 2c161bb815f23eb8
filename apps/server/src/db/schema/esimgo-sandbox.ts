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
  pgSequence,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const esimGoProfileStatuses = [
  'Released',
  'Downloaded',
  'Installed',
  'Unavailable',
  'Deactivated',
] as const;

export const esimGoFaultModes = ['none', 'error500', 'timeout', 'rateLimit'] as const;

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
  createdAt: simulatedTime('created_at').notNull(),
});

export const esimGoSandboxOrders = pgTable('esimgo_sandbox_orders', {
  reference: text('reference').primaryKey(),
  totalCents: integer('total_cents').notNull(),
  createdAt: simulatedTime('created_at').notNull(),
});

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
    retryAfterSeconds: integer('retry_after_seconds').notNull().default(1),
  },
  (table) => [check('esimgo_sandbox_settings_single_row', sql`${table.id} = 1`)],
);
