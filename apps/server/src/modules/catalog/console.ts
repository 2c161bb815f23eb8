/**
 * The catalogue in the operator's console (issue 30): its syncs and what each changed, a sync
 * now, and the markup. A saved markup is the shop's from then on, on every instance and after a
 * restart: it sets every price on sale at once, as a new catalogue version (so every instance's
 * answers follow it), and each later sync prices with it.
 */
import {
  type CatalogueSync,
  CURRENCY,
  type Markup,
  type MarkupPreview,
  type OpsCatalogue,
  type OpsMarkup,
} from '@tern/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  countPlansOnSale,
  listPricedPlans,
  listSamplePlans,
  listSyncs,
  type SyncRow,
  updatePrices,
} from './console-repository';
import { fromCents, markedUpCents } from './markup';
import type { ServedCatalogue } from './sync';
import {
  findSavedMarkup,
  lockCatalogue,
  markupInForce,
  recordSync,
  saveMarkup,
  syncRunning,
} from './sync-repository';

const SYNCS_LISTED = 20;
const PREVIEW_PLANS = 20;

export interface CatalogueConsoleDependencies {
  db: Db;
  clock: Clock;
  /** CATALOG_MARKUP_PERCENT: the markup until an operator saves one. */
  configuredPercent: number;
  served: ServedCatalogue;
}

export type CatalogueConsole = ReturnType<typeof createCatalogueConsole>;

export function createCatalogueConsole(deps: CatalogueConsoleDependencies) {
  const { db, clock } = deps;

  async function markup(): Promise<OpsMarkup> {
    const saved = await findSavedMarkup(db);
    if (!saved) {
      return {
        ...(await markupInForce(db, deps.configuredPercent)),
        source: 'configuration',
        savedAt: null,
        savedBy: null,
      };
    }
    return {
      percent: saved.percent,
      rounding: saved.rounding,
      source: 'saved',
      savedAt: saved.savedAt.toISOString(),
      savedBy: saved.savedBy,
    };
  }

  async function overview(): Promise<OpsCatalogue> {
    const [syncs, running, inForce, plansOnSale] = await Promise.all([
      listSyncs(db, SYNCS_LISTED),
      syncRunning(db, new Date()),
      markup(),
      countPlansOnSale(db),
    ]);
    return {
      syncs: syncs.map(toCatalogueSync),
      syncRunning: running,
      markup: inForce,
      plansOnSale,
    };
  }

  /** The prices a sample of plans would get with this markup; nothing is saved. */
  async function preview(proposed: Markup): Promise<MarkupPreview> {
    const sample = await listSamplePlans(db, PREVIEW_PLANS);
    return {
      markup: proposed,
      currency: CURRENCY,
      plans: sample.map((plan) => ({
        plan: plan.name,
        destination: plan.destination,
        providerCost: fromCents(plan.providerPriceCents),
        priceNow: fromCents(plan.priceCents),
        priceWithMarkup: fromCents(markedUpCents(plan.providerPriceCents, proposed)),
      })),
    };
  }

  /**
   * Saves the markup and sets every price on sale with it, in one transaction under the lock a
   * sync's writes take, so a sync writing at the same time is before or after it, never half.
   * Returns how many prices changed.
   */
  async function save(chosen: Markup, operator: string): Promise<number> {
    const started = clock();
    const startedAt = performance.now();
    const priceChanged = await db.transaction(async (tx) => {
      await lockCatalogue(tx);
      await saveMarkup(tx, chosen, operator, started);
      const onSale = await listPricedPlans(tx);
      const repriced = onSale
        .map((plan) => ({
          id: plan.id,
          priceCents: markedUpCents(plan.providerPriceCents, chosen),
        }))
        .filter((plan, index) => plan.priceCents !== onSale[index]?.priceCents);
      await updatePrices(tx, repriced, started);
      await recordSync(
        tx,
        {
          kind: 'markup',
          bundles: 0,
          inserted: 0,
          updated: repriced.length,
          retired: 0,
          unchanged: onSale.length - repriced.length,
          priceChanged: repriced.length,
          startedAt: started,
          durationMs: Math.round(performance.now() - startedAt),
          requestedBy: operator,
        },
        repriced.length > 0,
        clock(),
      );
      return repriced.length;
    });
    // This instance answers with the new prices before the call returns; the others find the
    // new catalogue version at their next check.
    if (priceChanged > 0) await deps.served.refresh();
    return priceChanged;
  }

  return { overview, markup, preview, save };
}

function toCatalogueSync(row: SyncRow): CatalogueSync {
  return {
    kind: row.kind,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt.toISOString(),
    durationMs: row.durationMs,
    added: row.inserted,
    removed: row.retired,
    priceChanged: row.priceChanged,
    updated: row.updated,
    unchanged: row.unchanged,
    by: row.requestedBy,
  };
}
