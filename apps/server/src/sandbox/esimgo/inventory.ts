/**
 * The organisation's money at eSIM Go, as the simulator keeps it: a prepaid balance that orders
 * draw on, and an inventory of bundles bought but on no eSIM. A revoked bundle that had not
 * started goes back to the inventory and stops there; its value comes back to the balance only
 * through POST /inventory/refund, within the refund period
 * (https://docs.esim-go.com/api/v2_3/operations/inventoryrefund: "Refunds an item in the
 * inventory to the organisations balance. Takes a usageId and a quantity ... If the bundle
 * assignment has started, or was purchased outside of their permitted refund period, typically
 * 60 days, it cannot be refunded"). eSIM Go lists such a refund among the orders, as a
 * completed `bundleRefund` order naming the same bundle and no eSIM.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { esimGoSandboxInventory as inventory } from '../../db/schema/esimgo-sandbox';
import { badRequest, HttpError } from '../../errors';
import { findBundle } from './catalogue-store';
import { simulatedNow } from './clock';
import { insertOrder } from './esims-repository';
import { creditBalance, readOrganisation } from './settings-repository';

const DAY_MS = 86_400_000;
/** "typically 60 days" from the purchase. */
export const REFUND_PERIOD_MS = 60 * DAY_MS;

type InventoryRow = typeof inventory.$inferSelect;

/** A bundle that came back unused: one more use in the inventory, refundable until its period ends. */
export async function returnToInventory(
  db: Db,
  bundle: { name: string; priceCents: number; purchasedAt: Date },
  now: Date,
): Promise<void> {
  await db.insert(inventory).values({
    bundleName: bundle.name,
    priceCents: bundle.priceCents,
    total: 1,
    remaining: 1,
    expiresAt: new Date(bundle.purchasedAt.getTime() + REFUND_PERIOD_MS),
    createdAt: now,
  });
}

/** GET /inventory: the bundles with uses left, grouped by name as eSIM Go's example shows. */
export async function inventoryAnswer(db: Db, now: Date) {
  const rows = await db
    .select()
    .from(inventory)
    .where(gt(inventory.remaining, 0))
    .orderBy(asc(inventory.id));
  const byName = new Map<string, InventoryRow[]>();
  for (const row of rows.filter((entry) => entry.expiresAt > now)) {
    byName.set(row.bundleName, [...(byName.get(row.bundleName) ?? []), row]);
  }
  return {
    bundles: [...byName].map(([name, uses]) => {
      const bundle = findBundle(name);
      return {
        name,
        desc: bundle?.description ?? name,
        available: uses.map((use) => ({
          id: use.id,
          total: use.total,
          remaining: use.remaining,
          // A date, as v2.5's document types it (InventoryResponse of esim_go_schema_v2_5.yaml,
          // https://docs.esim-go.com/api/v2_5: format date); older pages say only "When the uses
          // expire" (https://docs.esim-go.com/api/v2_2/operations/inventory).
          expiry: use.expiresAt.toISOString().slice(0, 10),
        })),
        countries: bundle?.countries.map((country) => country.iso) ?? [],
        data: bundle?.dataAmount ?? 0,
        duration: bundle?.duration ?? 0,
        durationUnit: 'day',
        autostart: bundle?.autostart ?? false,
        unlimited: bundle?.unlimited ?? false,
        speed: bundle?.speed ?? [],
      };
    }),
  };
}

/**
 * POST /inventory/refund: credits the balance with `quantity` uses of `usageId` and lists the
 * refund as a bundleRefund order. Refused with 400 beyond the uses left, 403 (the page's answer
 * when "the user does not have any available Bundles left") once none is left or the period
 * is over.
 */
export async function refundFromInventory(
  db: Db,
  request: { usageId: number; quantity: number },
  now: Date,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [use] = await tx
      .select()
      .from(inventory)
      .where(eq(inventory.id, request.usageId))
      .for('update');
    if (!use) throw badRequest('standIn.usageNotFound', { usageId: String(request.usageId) });
    if (use.remaining === 0 || use.expiresAt <= now) {
      throw new HttpError(403, 'standIn.noBundlesLeft', { usageId: String(use.id) });
    }
    if (request.quantity > use.remaining) {
      throw badRequest('standIn.refundExceedsRemaining', {
        usageId: String(use.id),
        remaining: String(use.remaining),
      });
    }
    await tx
      .update(inventory)
      .set({ remaining: sql`${inventory.remaining} - ${request.quantity}` })
      .where(eq(inventory.id, use.id));
    const cents = use.priceCents * request.quantity;
    await creditBalance(tx, cents);
    await insertOrder(tx, {
      reference: randomUUID(),
      type: 'bundleRefund',
      totalCents: cents,
      status: 'completed',
      lines: [
        {
          item: use.bundleName,
          quantity: request.quantity,
          allowReassign: false,
          priceCents: use.priceCents,
        },
      ],
      createdAt: now,
    });
    return { message: 'Successfully refunded bundles' };
  });
}

/**
 * GET /organisation: the fields of eSIM Go's OrganisationResponse the shop reads (name,
 * currency, balance: "Organisational balance + test credit"), in the list the answer wraps
 * them in.
 */
export async function organisationAnswer(db: Db) {
  const { balanceCents, currency } = await readOrganisation(db);
  return {
    organisations: [
      {
        name: 'Tern eSIM Go simulator',
        currency,
        balance: balanceCents / 100,
        testCredit: 0,
      },
    ],
  };
}

const refundBodySchema = z.strictObject({
  usageId: z.coerce.number().int().positive(),
  quantity: z.coerce.number().int().positive(),
});

/** Registered inside the provider routes, so the API key check and the fault switch apply. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;
  api.get('/inventory', { schema: { hide: true } }, async () =>
    inventoryAnswer(db, await simulatedNow(db)),
  );
  api.post(
    '/inventory/refund',
    { schema: { hide: true, body: refundBodySchema } },
    async (request) => refundFromInventory(db, request.body, await simulatedNow(db)),
  );
  api.get('/organisation', { schema: { hide: true } }, async () => organisationAnswer(db));
};
