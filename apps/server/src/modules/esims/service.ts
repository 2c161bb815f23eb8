/**
 * The buyer's eSIMs: the list, each one's install details with the provider's live status,
 * its bundle usage (cached briefly), and its QR code. Every call acts for a signed-in client;
 * another buyer's eSIM answers exactly like one that does not exist.
 */
import {
  type EsimBundlesView,
  type EsimDetailsView,
  type MyEsimList,
  profileMessages,
} from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badGateway, notFound } from '../../errors';
import type { EsimBundles, EsimGoClient } from '../../integrations/esimgo/client';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedClient } from '../auth/require-client';
import { lpaString, qrCodePng } from '../orders/esim-install';
import { requireOwnedEsim } from '../orders/owned-esim';
import { toEsimBundles, toEsimDetails, toMyEsim } from './mappers';
import { findOwnedInstallOfLedgerEntry, listClientEsims } from './repository';
import { createReadingCache } from './usage-cache';

export interface EsimsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Made on demand: the built-in simulator answers only once the app listens. */
  provider(): EsimGoClient;
  usageCacheMs: number;
}

export type EsimsService = ReturnType<typeof createEsimsService>;

export function createEsimsService(deps: EsimsDependencies) {
  const { db } = deps;
  const usage = createReadingCache<EsimBundles>({ ttlMs: deps.usageCacheMs, clock: deps.clock });

  async function mine(client: AuthenticatedClient): Promise<MyEsimList> {
    return { data: (await listClientEsims(db, client.id)).map(toMyEsim) };
  }

  async function details(client: AuthenticatedClient, iccid: string): Promise<EsimDetailsView> {
    const stored = await requireOwnedEsim(db, client.id, iccid);
    const live = await askProvider('details', iccid, () => deps.provider().getEsim(iccid));
    return toEsimDetails(stored, live);
  }

  async function bundles(client: AuthenticatedClient, iccid: string): Promise<EsimBundlesView> {
    await requireOwnedEsim(db, client.id, iccid);
    // Keyed by ICCID alone: the ownership check above runs on every call, cached or not.
    const reading = await usage.read(iccid, () =>
      askProvider('bundles', iccid, () => deps.provider().getEsimBundles(iccid)),
    );
    return toEsimBundles(reading.value, reading.readAt);
  }

  async function qrCode(client: AuthenticatedClient, iccid: string, size: number) {
    return qrCodePng(lpaString(await requireOwnedEsim(db, client.id, iccid)), size);
  }

  async function qrCodeOfLedgerEntry(client: AuthenticatedClient, ledgerId: number, size: number) {
    const esim = await findOwnedInstallOfLedgerEntry(db, client.id, ledgerId);
    if (!esim) throw notFound(profileMessages.ledgerEntryNotFound);
    return qrCodePng(lpaString(esim), size);
  }

  /** A provider failure is a 502 with a sentence to act on; the details go to the log. */
  async function askProvider<T>(what: string, iccid: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      deps.log.warn({ err: error, iccid }, `eSIM ${what} could not be read from the provider`);
      throw badGateway(profileMessages.providerUnavailable);
    }
  }

  return { mine, details, bundles, qrCode, qrCodeOfLedgerEntry };
}
