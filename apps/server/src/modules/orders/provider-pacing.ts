/**
 * Spacing of the orders placed at eSIM Go: its help centre asks for at least 3 seconds between
 * orders, and v2.4 limits each IP to 10 requests a second (docs.esim-go.com
 * guides/api_version_migration). One place decides for every instance: a row whose next free
 * time each order takes and pushes on, in one statement. An order's turn is kept on the order,
 * so a job that waits for it keeps its place in the queue.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerPacing } from '../../db/schema';

const ORDERS = 'orders';

/** Takes the next turn to place an order: now when the provider has had its rest, else later. */
export async function takeOrderTurn(db: Db, now: Date, spacingMs: number): Promise<Date> {
  const [row] = await db
    .insert(providerPacing)
    .values({ name: ORDERS, nextAt: new Date(now.getTime() + spacingMs) })
    .onConflictDoUpdate({
      target: providerPacing.name,
      set: {
        nextAt: sql`greatest(${providerPacing.nextAt}, ${now.toISOString()}::timestamptz) + ${`${spacingMs} milliseconds`}::interval`,
      },
    })
    .returning({ nextAt: providerPacing.nextAt });
  if (!row) throw new Error('The provider pacing row could not be written');
  return new Date(row.nextAt.getTime() - spacingMs);
}
