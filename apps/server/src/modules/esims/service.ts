/**
 * The buyer's eSIMs: the list, each one's install details with the provider's live status,
 * its bundle usage (cached briefly), and its QR code. Every call for a buyer acts for a
 * signed-in client; another buyer's eSIM answers exactly like one that does not exist. The
 * orders module stores each delivered eSIM here, and checks ownership here for a top-up.
 */
import type { EsimBundlesView, EsimDetailsView, MyEsimList } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badGateway, notFound } from '../../errors';
import type { EsimBundles, EsimGoClient } from '../../integrations/esimgo/client';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedClient } from '../auth/auth-service';
import type { GiftsService } from '../gifts/service';
import type { EsimPurchase, LedgerService, ShopPlan } from '../ledger/service';
import { lpaString, qrCodePng } from './esim-install';
import { toEsimBundles, toEsimDetails, toMyEsim } from './mappers';
import {
  type EsimRow,
  findEsim,
  findEsimOwner,
  findKnownIccids,
  findOwnedEsim,
  insertEsimIfAbsent,
  listClientEsims,
} from './repository';
import { createReadingCache } from './usage-cache';

export type { EsimRow };

export interface EsimsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Made on demand: the built-in simulator answers only once the app listens. */
  provider(): EsimGoClient;
  usageCacheMs: number;
  /** What was bought for each eSIM, and which eSIM a ledger entry names. */
  ledger: Pick<LedgerService, 'purchasesOfEsims' | 'iccidOfOwnEntry'>;
  /** Who gave a gifted eSIM (issue 31). */
  gifts: Pick<GiftsService, 'sendersOfOrders'>;
}

export type EsimsService = ReturnType<typeof createEsimsService>;

export function createEsimsService(deps: EsimsDependencies) {
  const { db, ledger } = deps;
  const usage = createReadingCache<EsimBundles>({ ttlMs: deps.usageCacheMs, clock: deps.clock });

  async function mine(client: AuthenticatedClient): Promise<MyEsimList> {
    const esims = await listClientEsims(db, client.id);
    // Everything bought for the client's own eSIMs, whoever paid: a gift's first purchase is
    // its buyer's entry (issue 31).
    const [purchases, senders] = await Promise.all([
      ledger.purchasesOfEsims(
        undefined,
        esims.map((esim) => esim.iccid),
      ),
      deps.gifts.sendersOfOrders(esims.map((esim) => esim.orderId)),
    ]);
    // Each eSIM is stored with its order's ledger entry, in one transaction.
    return {
      data: esims.flatMap((esim) => {
        const onEsim = purchases.get(esim.iccid) ?? [];
        const first = onEsim.find((purchase) => purchase.orderId === esim.orderId);
        if (!first) return [];
        return [{ ...toMyEsim(esim, first, onEsim), giftFrom: senders.get(esim.orderId) ?? null }];
      }),
    };
  }

  /**
   * The eSIM, when this client owns it; else a 404 that says no more than "not found", so
   * another buyer's eSIM answers exactly like one that does not exist.
   */
  async function requireOwned(clientId: number, iccid: string, tx: Db = db): Promise<EsimRow> {
    const esim = await findOwnedEsim(tx, clientId, iccid);
    if (!esim) throw notFound('orderMessages.esimNotFound');
    return esim;
  }

  async function details(client: AuthenticatedClient, iccid: string): Promise<EsimDetailsView> {
    const stored = await requireOwned(client.id, iccid);
    const live = await askProvider('details', iccid, () => deps.provider().getEsim(iccid));
    return toEsimDetails(stored, live);
  }

  async function bundles(client: AuthenticatedClient, iccid: string): Promise<EsimBundlesView> {
    await requireOwned(client.id, iccid);
    // Keyed by ICCID alone: the ownership check above runs on every call, cached or not.
    const [reading, purchases] = await Promise.all([
      usage.read(iccid, () =>
        askProvider('bundles', iccid, () => deps.provider().getEsimBundles(iccid)),
      ),
      // Owned, so every bundle on it is the client's to see, a giver's included.
      ledger.purchasesOfEsims(undefined, [iccid]),
    ]);
    return toEsimBundles(reading.value, reading.readAt, plansByName(purchases.get(iccid) ?? []));
  }

  async function qrCode(client: AuthenticatedClient, iccid: string, size: number) {
    return qrCodePng(lpaString(await requireOwned(client.id, iccid)), size);
  }

  /** The QR code of the eSIM a ledger entry names, when the client owns both. */
  async function qrCodeOfLedgerEntry(client: AuthenticatedClient, ledgerId: number, size: number) {
    const iccid = await ledger.iccidOfOwnEntry(client.id, ledgerId);
    const esim = iccid === undefined ? undefined : await findOwnedEsim(db, client.id, iccid);
    if (!esim) throw notFound('profileMessages.ledgerEntryNotFound');
    return qrCodePng(lpaString(esim), size);
  }

  /** A provider failure is a 502 with a sentence to act on; the details go to the log. */
  async function askProvider<T>(what: string, iccid: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      deps.log.warn({ err: error, iccid }, `eSIM ${what} could not be read from the provider`);
      throw badGateway('profileMessages.providerUnavailable');
    }
  }

  return {
    mine,
    details,
    bundles,
    qrCode,
    qrCodeOfLedgerEntry,
    requireOwned,
    /** The eSIM when this client owns it, else undefined. */
    findOwned: (clientId: number, iccid: string, tx: Db = db) => findOwnedEsim(tx, clientId, iccid),
    /** Stores a delivered eSIM; storing the same ICCID again changes nothing. */
    storeDelivered: (esim: EsimRow, tx: Db = db) => insertEsimIfAbsent(tx, esim),
    /** Which of these ICCIDs are eSIMs the shop already delivered (so not new ones). */
    knownIccids: (iccids: readonly string[]) => findKnownIccids(db, iccids),
    /** Every eSIM the client owns, newest first (the operator's account page). */
    ofClient: (clientId: number) => listClientEsims(db, clientId),
    /** The eSIM, whoever owns it (a gift's buyer may refund it: the refunds module decides). */
    find: (iccid: string) => findEsim(db, iccid),
    /** The id of the client who owns the eSIM; undefined for an eSIM the shop never sold. */
    ownerOf: (iccid: string) => findEsimOwner(db, iccid),
  };
}

/** The bought plans in the shop's words, by bundle name; the newest purchase of a name wins. */
function plansByName(purchases: readonly EsimPurchase[]): Map<string, ShopPlan> {
  const byName = new Map<string, ShopPlan>();
  for (const { planName, title, validityDays } of purchases) {
    if (!byName.has(planName)) byName.set(planName, { title, validityDays });
  }
  return byName;
}
