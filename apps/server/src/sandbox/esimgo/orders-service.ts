/**
 * `POST /orders` of the simulator: prices each line from the catalogue and checks top-up
 * ICCIDs; a transaction then issues new eSIMs or tops up the given ones in one database
 * transaction, or (async fault) only records the order, completed by the first read after its
 * delay (completeDueOrders); under the processingAfterOrder fault that order is not even listed
 * until then, and under the failedOrder fault it ends failed instead, with no eSIMs.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { CatalogueChanges, EsimGoSandboxOrderLine } from '../../db/schema/esimgo-sandbox';
import { badRequest } from '../../errors';
import type { ProviderBundle } from './catalogue/generate-catalogue';
import { makeIccid, makeMatchingId, SMDP_ADDRESS } from './catalogue/iccid';
import { seededRandom } from './catalogue/seeded-random';
import { bundleOnSale, findBundle, isCompatible } from './catalogue-store';
import {
  type EsimRow,
  findEsims,
  insertAssignments,
  insertEsim,
  insertOrder,
  lockDueOrders,
  markOrderCompleted,
  markOrderFailed,
  nextIccidNumber,
} from './esims-repository';
import type { OrderLineResult, OrderRequest, OrderRequestLine, OrderResult } from './protocol';
import {
  chargeBalance,
  creditBalance,
  readCatalogueChanges,
  readOrganisation,
} from './settings-repository';

// eSIM Go counts data in decimal units: 1 GB = 1000 MB = 10^9 bytes.
const BYTES_PER_MB = 1_000_000;

/** An order as placed, before the answer names the organisation's currency. */
type PlacedOrder = Omit<OrderResult, 'currency'>;

export interface PricedLine {
  line: OrderRequestLine;
  bundle: ProviderBundle;
  priceCents: number;
}

export interface PlaceOptions {
  /** The async fault: the order stays processing, without eSIMs, for this long. */
  asyncDelayMs?: number;
  /** The processingAfterOrder fault: nor is it listed before then. */
  unlisted?: boolean;
  /** The failedOrder fault: then it fails instead of completing. */
  fails?: boolean;
}

export async function placeOrder(
  db: Db,
  request: OrderRequest,
  now: Date,
  options: PlaceOptions = {},
): Promise<OrderResult> {
  const changes = await readCatalogueChanges(db);
  const lines = request.order.map((line) => priceLine(line, changes));
  await checkTopUpEsims(db, request.order, changes);
  const totalCents = lines.reduce((sum, priced) => sum + lineCents(priced), 0);
  if (request.type === 'validate') return validation(db, lines, totalCents, now);
  return db.transaction(async (tx) => {
    await payFromBalance(tx, totalCents);
    const { currency } = await readOrganisation(tx);
    const answer =
      options.asyncDelayMs !== undefined
        ? await acceptOrder(tx, lines, totalCents, now, options)
        : await completeOrder(tx, lines, totalCents, now);
    return { ...answer, currency };
  });
}

/**
 * "A validate request runs all the same checks as a real order but does not charge your
 * balance" (https://www.docs.esim-go.com/quick_start/): the balance too is checked.
 */
async function validation(
  db: Db,
  lines: readonly PricedLine[],
  totalCents: number,
  now: Date,
): Promise<OrderResult> {
  const { balanceCents, currency } = await readOrganisation(db);
  if (balanceCents < totalCents) throw insufficientBalance(totalCents, balanceCents);
  return {
    order: lines.map(lineResult),
    total: totalCents / 100,
    valid: true,
    currency,
    createdDate: now.toISOString(),
    assigned: false,
  };
}

/**
 * An order is paid from the organisation's prepaid balance, or refused. eSIM Go's pages do not
 * give the refusal's words; a 400 like its other refusals is the assumption here.
 */
async function payFromBalance(tx: Db, totalCents: number): Promise<void> {
  if (await chargeBalance(tx, totalCents)) return;
  const { balanceCents } = await readOrganisation(tx);
  throw insufficientBalance(totalCents, balanceCents);
}

function insufficientBalance(totalCents: number, balanceCents: number) {
  return badRequest('standIn.insufficientBalance', {
    total: (totalCents / 100).toFixed(2),
    balance: (balanceCents / 100).toFixed(2),
  });
}

/** An order taken now and completed later: its reference at once, its eSIMs not yet. */
async function acceptOrder(
  db: Db,
  lines: readonly PricedLine[],
  totalCents: number,
  now: Date,
  { asyncDelayMs = 0, unlisted = false, fails = false }: PlaceOptions,
): Promise<PlacedOrder> {
  const orderReference = randomUUID();
  const completesAt = new Date(now.getTime() + asyncDelayMs);
  await insertOrder(db, {
    reference: orderReference,
    totalCents,
    status: 'processing',
    lines: lines.map(storedLine),
    completesAt,
    outcome: fails ? 'failed' : 'completed',
    listedFrom: unlisted ? completesAt : null,
    createdAt: now,
  });
  return {
    order: lines.map(lineResult),
    total: totalCents / 100,
    status: 'processing',
    statusMessage: 'Order is being processed',
    orderReference,
    createdDate: now.toISOString(),
    assigned: false,
  };
}

function storedLine({ line, priceCents }: PricedLine): EsimGoSandboxOrderLine {
  return {
    item: line.item,
    quantity: line.quantity,
    allowReassign: line.allowReassign ?? false,
    priceCents,
    ...(line.iccids ? { iccids: line.iccids } : {}),
  };
}

/** Completes (or fails) the processing orders whose delay is over; every order read calls it first. */
export async function completeDueOrders(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const order of await lockDueOrders(tx, now)) {
      if (order.outcome === 'failed') {
        await failOrder(tx, order.reference, order.totalCents);
        continue;
      }
      for (const line of order.lines)
        await fulfilLine(tx, pricedFromStored(line), order.reference, now);
      await markOrderCompleted(tx, order.reference);
    }
  });
}

/**
 * An order eSIM Go leaves failed: its status is a free string in v2.4's order pages
 * (https://docs.esim-go.com/api/v2_4/operations/ordersorderreference), which name no values
 * and say nothing of the money. Assumed here: 'failed', no eSIMs ever, and the price back on
 * the balance, as a sale that did not happen.
 */
async function failOrder(tx: Db, reference: string, totalCents: number): Promise<void> {
  await markOrderFailed(tx, reference);
  await creditBalance(tx, totalCents);
}

export function pricedFromStored(stored: EsimGoSandboxOrderLine): PricedLine {
  const bundle = findBundle(stored.item);
  if (!bundle) throw new Error(`Bundle ${stored.item} left the simulator's catalogue`);
  const line: OrderRequestLine = {
    type: 'bundle',
    item: stored.item,
    quantity: stored.quantity,
    allowReassign: stored.allowReassign,
    ...(stored.iccids ? { iccids: stored.iccids } : {}),
  };
  return { line, bundle, priceCents: stored.priceCents };
}

function priceLine(line: OrderRequestLine, changes: CatalogueChanges): PricedLine {
  const bundle = bundleOnSale(line.item, changes);
  if (!bundle) throw badRequest('standIn.bundleNotInCatalogue', { item: line.item });
  return { line, bundle, priceCents: Math.round(bundle.price * 100) };
}

function lineCents(priced: PricedLine): number {
  return priced.priceCents * priced.line.quantity;
}

export function lineResult(priced: PricedLine): OrderLineResult {
  return {
    type: 'bundle',
    item: priced.bundle.name,
    quantity: priced.line.quantity,
    subTotal: lineCents(priced) / 100,
    pricePerUnit: priced.priceCents / 100,
    AllowReassign: priced.line.allowReassign ?? false,
  };
}

/**
 * A top-up needs eSIMs this provider issued, still in service, and a bundle they can take
 * (compatibility.ts).
 */
async function checkTopUpEsims(
  db: Db,
  lines: readonly OrderRequestLine[],
  changes: CatalogueChanges,
): Promise<void> {
  const iccids = lines.flatMap((line) => line.iccids ?? []);
  const found = new Map((await findEsims(db, iccids)).map((esim) => [esim.iccid, esim]));
  for (const line of lines) {
    for (const iccid of line.iccids ?? []) {
      const esim = found.get(iccid);
      if (!esim) throw badRequest('standIn.esimNotFound', { iccid });
      if (esim.profileStatus === 'Deactivated') {
        throw badRequest('standIn.esimDeactivated', { iccid });
      }
      if (!isCompatible(changes, line.item)) {
        throw badRequest('standIn.bundleIncompatible', { iccid, bundle: line.item });
      }
    }
  }
}

async function completeOrder(
  db: Db,
  lines: readonly PricedLine[],
  totalCents: number,
  now: Date,
): Promise<PlacedOrder> {
  const orderReference = randomUUID();
  await insertOrder(db, {
    reference: orderReference,
    totalCents,
    lines: lines.map(storedLine),
    createdAt: now,
  });
  const order: OrderLineResult[] = [];
  for (const priced of lines) order.push(await fulfilLine(db, priced, orderReference, now));
  const esimCount = order.reduce((sum, line) => sum + (line.esims?.length ?? 0), 0);
  return {
    order,
    total: totalCents / 100,
    status: 'completed',
    statusMessage: `Order completed: ${esimCount} eSIMs assigned`,
    orderReference,
    createdDate: now.toISOString(),
    assigned: true,
  };
}

async function fulfilLine(
  db: Db,
  priced: PricedLine,
  orderReference: string,
  now: Date,
): Promise<OrderLineResult> {
  const { bundle, line } = priced;
  const targets = line.iccids
    ? await findInOrder(db, line.iccids)
    : await issueEsims(db, line.quantity, now);
  await insertAssignments(
    db,
    targets.map((esim) => ({
      iccid: esim.iccid,
      orderReference,
      bundleName: bundle.name,
      initialBytes: bundle.unlimited ? -1 : bundle.dataAmount * BYTES_PER_MB,
      durationDays: bundle.duration,
      assignedAt: now,
    })),
  );
  return {
    ...lineResult(priced),
    iccids: targets.map((esim) => esim.iccid),
    esims: targets.map(({ iccid, matchingId, smdpAddress }) => ({
      iccid,
      matchingId,
      smdpAddress,
    })),
  };
}

async function findInOrder(db: Db, iccids: readonly string[]): Promise<EsimRow[]> {
  const found = new Map((await findEsims(db, iccids)).map((esim) => [esim.iccid, esim]));
  return iccids.map((iccid) => {
    const esim = found.get(iccid);
    if (!esim) throw badRequest('standIn.esimNotFound', { iccid });
    return esim;
  });
}

async function issueEsims(db: Db, quantity: number, now: Date): Promise<EsimRow[]> {
  const issued: EsimRow[] = [];
  for (let count = 0; count < quantity; count += 1) issued.push(await issueEsim(db, now));
  return issued;
}

async function issueEsim(db: Db, now: Date): Promise<EsimRow> {
  const iccid = makeIccid(await nextIccidNumber(db));
  const esim = await insertEsim(db, {
    iccid,
    matchingId: makeMatchingId(iccid),
    smdpAddress: SMDP_ADDRESS,
    pin: digitsFor(`pin:${iccid}`, 4),
    puk: digitsFor(`puk:${iccid}`, 8),
    createdAt: now,
  });
  if (!esim) throw new Error(`The simulator could not store eSIM ${iccid}`);
  return esim;
}

/** PIN and PUK digits derived from the ICCID: stable, and nothing else to store or leak. */
function digitsFor(seed: string, length: number): string {
  const random = seededRandom(seed);
  return Array.from({ length }, () => String(Math.floor(random() * 10))).join('');
}
