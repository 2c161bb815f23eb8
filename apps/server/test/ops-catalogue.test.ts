/**
 * The catalogue in the operator API (issue 30): its syncs with what each changed and how long it
 * took, a sync now (refused while one runs on any instance), and the markup: a preview that saves
 * nothing, and a saved markup that sets every price on sale at once (the cached catalogue answers
 * and the price a buyer is charged follow it), outlives a restart, holds on every instance and
 * in every later sync. A viewer reads and previews; only the operator role changes anything,
 * and every change is audited.
 */
import {
  type AuditEntry,
  type MarkupPreview,
  type OpsCatalogue,
  opsApiPaths,
  opsCataloguePaths,
  opsConsoleMessages,
  opsMessages,
  type Plan,
} from '@tern/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../src/db/schema';
import { markedUpCents } from '../src/modules/catalog/markup';
import { SyncAlreadyRunning } from '../src/modules/catalog/sync';
import { claimSyncLease, releaseSyncLease } from '../src/modules/catalog/sync-repository';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import {
  bearer,
  buy,
  createOrdersTestApp,
  gatewayOrderTotals,
  orderRow,
  planIn,
  secondInstance,
  signIn,
} from './orders-kit';

const OPERATOR = 'ops@example.com';
const VIEWER = 'view@example.com';
const CONFIGURED_PERCENT = 35;
const clock = movableClock();

let shop: TestApp;
let operatorToken: string;
let viewerToken: string;
const operatorSession = operatorSessions(() => shop, clock);

beforeAll(async () => {
  shop = await createOrdersTestApp(
    {
      OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer`,
      CATALOG_MARKUP_PERCENT: String(CONFIGURED_PERCENT),
    },
    { clock: clock.clock },
  );
  operatorToken = await operatorSession(OPERATOR);
  viewerToken = await operatorSession(VIEWER);
});
afterAll(async () => shop?.close());

async function catalogue(token = viewerToken): Promise<OpsCatalogue> {
  const response = await shop.request({
    method: 'GET',
    url: opsCataloguePaths.catalogue.href(),
    headers: asOperator(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const syncNow = (token: string) =>
  shop.request({ method: 'POST', url: opsCataloguePaths.sync.href(), headers: asOperator(token) });

const preview = (token: string, payload: Record<string, unknown>) =>
  shop.request({
    method: 'POST',
    url: opsCataloguePaths.markupPreview.href(),
    headers: asOperator(token),
    payload,
  });

const saveMarkup = (token: string, payload: Record<string, unknown>) =>
  shop.request({
    method: 'PUT',
    url: opsCataloguePaths.markup.href(),
    headers: asOperator(token),
    payload,
  });

async function auditEntries(): Promise<AuditEntry[]> {
  const response = await shop.request({
    method: 'GET',
    url: opsApiPaths.audit.href(),
    headers: asOperator(viewerToken),
  });
  return response.json();
}

async function storedPlan(name: string) {
  const [row] = await shop.database.db
    .select({ providerPriceCents: plans.providerPriceCents, priceCents: plans.priceCents })
    .from(plans)
    .where(eq(plans.name, name));
  if (!row) throw new Error(`No plan ${name}`);
  return row;
}

const priceInCents = (plan: Plan) => Math.round(plan.pla_price * 100);

describe('the catalogue page', () => {
  it('shows the first sync: when, how long, what it added; the configured markup', async () => {
    const shown = await catalogue();
    expect(shown.syncRunning).toBe(false);
    expect(shown.plansOnSale).toBeGreaterThan(0);
    expect(shown.markup).toEqual({
      percent: CONFIGURED_PERCENT,
      rounding: 'ninety-nine',
      source: 'configuration',
      savedAt: null,
      savedBy: null,
    });
    const [first] = shown.syncs;
    expect(first).toMatchObject({
      kind: 'sync',
      startedAt: expect.any(String),
      removed: 0,
      priceChanged: 0,
      by: null,
    });
    expect(first?.added).toBe(shown.plansOnSale);
    expect(first?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(first?.finishedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(first?.startedAt ?? ''),
    );
  });

  it("refuses a buyer's token and a missing one", async () => {
    const buyer = await signIn(shop);
    const url = opsCataloguePaths.catalogue.href();
    expect((await shop.request({ method: 'GET', url, headers: bearer(buyer) })).statusCode).toBe(
      401,
    );
    expect((await shop.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('a sync now', () => {
  it('is refused to a viewer, audited', async () => {
    const before = (await catalogue()).syncs.length;
    const response = await syncNow(viewerToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(opsMessages.roleRequired);
    expect((await catalogue()).syncs.length).toBe(before);
    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        operator: VIEWER,
        action: 'sync catalogue',
        outcome: 'refused: viewer role',
      }),
    );
  });

  it('runs for the operator, recorded with who asked and what changed, audited', async () => {
    const response = await syncNow(operatorToken);
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json() as OpsCatalogue;
    expect(shown.syncs[0]).toMatchObject({
      kind: 'sync',
      by: OPERATOR,
      added: 0,
      removed: 0,
      priceChanged: 0,
      unchanged: shown.plansOnSale,
    });
    expect(shown.syncRunning).toBe(false);
    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        operator: OPERATOR,
        action: 'sync catalogue',
        target: 'catalogue',
        outcome: expect.stringMatching(/^done: Catalogue synced in /),
      }),
    );
  });

  it('is refused with 409 while another sync runs, on this instance or another', async () => {
    // What a sync on another instance holds while it reads the provider's catalogue.
    const lease = await claimSyncLease(shop.database.db, new Date(), 60_000);
    if (!lease) throw new Error('The sync lease was taken');
    try {
      expect((await catalogue()).syncRunning).toBe(true);
      const before = (await catalogue()).syncs.length;
      const response = await syncNow(operatorToken);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(opsConsoleMessages.syncRunning);
      // npm run catalog:sync and the start-up load are refused the same way.
      await expect(syncAppCatalogue(shop.app)).rejects.toBeInstanceOf(SyncAlreadyRunning);
      expect((await catalogue()).syncs.length).toBe(before);
      expect(await auditEntries()).toContainEqual(
        expect.objectContaining({
          operator: OPERATOR,
          action: 'sync catalogue',
          outcome: `refused: ${opsConsoleMessages.syncRunning}`,
        }),
      );
    } finally {
      await releaseSyncLease(shop.database.db, lease);
    }
    expect((await syncNow(operatorToken)).statusCode).toBe(200);
  });

  it('takes over the lease of a sync that died without giving it back', async () => {
    const deadLease = await claimSyncLease(
      shop.database.db,
      new Date(Date.now() - 120_000),
      60_000,
    );
    expect(deadLease).toBeDefined();
    expect((await catalogue()).syncRunning).toBe(false);
    expect((await syncNow(operatorToken)).statusCode).toBe(200);
  });
});

describe('the markup preview', () => {
  it('gives each of a sample of plans its price with the markup, beside cost and price now', async () => {
    const proposed = { percent: 50, rounding: 'forty-nine-or-ninety-nine' } as const;
    const response = await preview(viewerToken, proposed);
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json() as MarkupPreview;
    expect(shown.markup).toEqual(proposed);
    expect(shown.currency).toBe('USD');
    expect(shown.plans).toHaveLength(20);
    const destinations = shown.plans.map((line) => line.destination);
    expect(destinations).toEqual([...destinations].sort());
    for (const line of shown.plans) {
      const stored = await storedPlan(line.plan);
      expect(line.providerCost * 100).toBeCloseTo(stored.providerPriceCents, 6);
      expect(line.priceNow * 100).toBeCloseTo(stored.priceCents, 6);
      expect(line.priceWithMarkup * 100).toBeCloseTo(
        markedUpCents(stored.providerPriceCents, proposed),
        6,
      );
      // Nothing was saved: the shop's price is the configured markup's.
      expect(stored.priceCents).toBe(
        markedUpCents(stored.providerPriceCents, {
          percent: CONFIGURED_PERCENT,
          rounding: 'ninety-nine',
        }),
      );
    }
    expect((await catalogue()).markup.source).toBe('configuration');
  });

  it('refuses a markup out of bounds or a rounding it does not know, saying why', async () => {
    const tooHigh = await preview(viewerToken, { percent: 301, rounding: 'cent' });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.body).toContain('must be 300 or less');
    const negative = await preview(viewerToken, { percent: -1, rounding: 'cent' });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('must be 0 or more');
    const rounding = await preview(viewerToken, { percent: 20, rounding: 'nearest' });
    expect(rounding.statusCode).toBe(400);
    expect(rounding.body).toContain('must be one of ninety-nine, forty-nine-or-ninety-nine, cent');
    const extra = await preview(viewerToken, { percent: 20, rounding: 'cent', save: true });
    expect(extra.statusCode).toBe(400);
  });
});

describe('saving the markup', () => {
  it('is refused to a viewer, and no price changes', async () => {
    const plan = await planIn(shop, 'FR');
    const response = await saveMarkup(viewerToken, { percent: 80, rounding: 'cent' });
    expect(response.statusCode).toBe(403);
    expect((await planIn(shop, 'FR')).pla_price).toBe(plan.pla_price);
    expect((await catalogue()).markup.source).toBe('configuration');
  });

  it('refuses a markup out of bounds, and saves nothing', async () => {
    const response = await saveMarkup(operatorToken, { percent: 1000, rounding: 'cent' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('must be 300 or less');
    expect((await catalogue()).markup.source).toBe('configuration');
  });

  it('sets the price on sale and the price a buyer is charged, audited', async () => {
    const before = await planIn(shop, 'FR');
    const { providerPriceCents } = await storedPlan(before.pla_name);
    const chosen = { percent: 80, rounding: 'cent' } as const;
    const expected = markedUpCents(providerPriceCents, chosen);
    expect(expected).not.toBe(priceInCents(before));

    const response = await saveMarkup(operatorToken, chosen);
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json() as OpsCatalogue;
    expect(shown.markup).toMatchObject({ ...chosen, source: 'saved', savedBy: OPERATOR });
    expect(shown.syncs[0]).toMatchObject({ kind: 'markup', by: OPERATOR, added: 0, removed: 0 });
    expect(shown.syncs[0]?.priceChanged).toBeGreaterThan(0);

    // The catalogue's cached answer changed with it.
    const after = await planIn(shop, 'FR');
    expect(after.pla_name).toBe(before.pla_name);
    expect(priceInCents(after)).toBe(expected);

    // And so does what a buyer pays: the order and the gateway's charge.
    const buyer = await signIn(shop);
    const { reference } = await buy(shop, buyer, after);
    expect((await orderRow(shop.database.db, reference)).amountCents).toBe(expected);
    expect((await gatewayOrderTotals(shop.database.db, reference))?.captured).toBe(expected);

    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        operator: OPERATOR,
        action: 'save markup (80%, cent)',
        target: 'catalogue',
        outcome: `done: ${shown.syncs[0]?.priceChanged} prices changed`,
      }),
    );
  });

  it('holds on another instance and after a restart, and in every later sync', async () => {
    const plan = await planIn(shop, 'FR');
    const { providerPriceCents } = await storedPlan(plan.pla_name);
    const expected = markedUpCents(providerPriceCents, { percent: 80, rounding: 'cent' });

    const other = await secondInstance(shop);
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/api/plan/country/FR' });
      const listed = (answer.json() as Plan[]).find((each) => each.pla_name === plan.pla_name);
      expect(listed && priceInCents(listed)).toBe(expected);
      const markup = await other.request({
        method: 'GET',
        url: opsCataloguePaths.catalogue.href(),
        headers: asOperator(viewerToken),
      });
      expect(markup.json().markup).toMatchObject({
        percent: 80,
        rounding: 'cent',
        source: 'saved',
      });
    } finally {
      await other.close();
    }

    // A sync prices with the saved markup, not CATALOG_MARKUP_PERCENT: nothing changes.
    const report = await syncAppCatalogue(shop.app);
    expect(report.priceChanged).toBe(0);
    expect((await storedPlan(plan.pla_name)).priceCents).toBe(expected);
  });

  it('changes nothing, and makes no new catalogue version, when saved again the same', async () => {
    const response = await saveMarkup(operatorToken, { percent: 80, rounding: 'cent' });
    expect(response.statusCode).toBe(200);
    const shown = response.json() as OpsCatalogue;
    expect(shown.syncs[0]).toMatchObject({ kind: 'markup', priceChanged: 0 });
  });
});
