/**
 * The catalogue as the operator's console reads and changes it: the syncs recorded, a sample of
 * plans for the markup preview, and every price set again by a new markup.
 */
import { asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogSyncs, countries, plans, regions } from '../../db/schema';

export type SyncRow = typeof catalogSyncs.$inferSelect;

/** The latest syncs (and markup changes), newest first. */
export function listSyncs(db: Db, limit: number): Promise<SyncRow[]> {
  return db.select().from(catalogSyncs).orderBy(desc(catalogSyncs.id)).limit(limit);
}

export async function countPlansOnSale(db: Db): Promise<number> {
  const [row] = await db.select({ plans: count() }).from(plans).where(isNull(plans.retiredAt));
  return row?.plans ?? 0;
}

export interface SamplePlanRow {
  name: string;
  destination: string;
  providerPriceCents: number;
  priceCents: number;
}

/** Plans on sale by destination name, then price: the preview's sample. */
export function listSamplePlans(db: Db, limit: number): Promise<SamplePlanRow[]> {
  const destination = sql<string>`coalesce(${countries.name}, ${regions.name}, '')`;
  return db
    .select({
      name: plans.name,
      destination,
      providerPriceCents: plans.providerPriceCents,
      priceCents: plans.priceCents,
    })
    .from(plans)
    .leftJoin(countries, eq(countries.id, plans.countryId))
    .leftJoin(regions, eq(regions.id, plans.regionId))
    .where(isNull(plans.retiredAt))
    .orderBy(asc(destination), asc(plans.priceCents), asc(plans.name))
    .limit(limit);
}

export interface PricedPlanRow {
  id: number;
  providerPriceCents: number;
  priceCents: number;
}

/** Every plan on sale with its cost and price, for setting prices again. */
export function listPricedPlans(tx: Db): Promise<PricedPlanRow[]> {
  return tx
    .select({
      id: plans.id,
      providerPriceCents: plans.providerPriceCents,
      priceCents: plans.priceCents,
    })
    .from(plans)
    .where(isNull(plans.retiredAt));
}

// Rows per statement: a few round trips for 4,000 plans, a statement of modest size.
const PRICE_BATCH = 1000;

/** Sets these plans' prices, a batch per statement. */
export async function updatePrices(
  tx: Db,
  prices: readonly { id: number; priceCents: number }[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < prices.length; start += PRICE_BATCH) {
    const batch = prices.slice(start, start + PRICE_BATCH);
    const values = sql.join(
      batch.map(({ id, priceCents }) => sql`(${id}::integer, ${priceCents}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${plans} set price_cents = priced.price_cents, updated_at = ${now}
      from (values ${values}) as priced(id, price_cents)
      where ${plans.id} = priced.id`);
  }
}
