/**
 * The outside calls of each hour, by service, summed over every instance (issue 30): what the
 * console's health charts read. Prometheus counts the same calls per instance, in memory; these
 * counters outlive an instance and add up across the load balancer's pool.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const outsideCallHours = pgTable(
  'outside_call_hours',
  {
    /** The shop's name for the service, as the metrics label it: esimGo, gateway, mail. */
    service: text('service').notNull(),
    /** The hour's start. */
    hour: moment('hour').notNull(),
    ok: integer('ok').notNull().default(0),
    /** Every attempt that did not end `ok`. */
    failed: integer('failed').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.service, table.hour] }),
    check('outside_call_hours_counts', sql`${table.ok} >= 0 and ${table.failed} >= 0`),
  ],
);
