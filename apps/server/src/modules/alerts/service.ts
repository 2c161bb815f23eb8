/**
 * Usage alerts: the buyer is e-mailed once when 80% of a bundle's data is used, once when it is
 * used up, and once when the bundle ends within 24 hours, each with a one-tap top-up link. Two
 * ways in, one decision: eSIM Go's signed usage callback, and a poll of the provider that finds
 * what a lost callback would have said (and the expiry, which no callback tells). Every alert is
 * claimed in usage_alerts before its e-mail goes out, so callbacks, polls and instances send it
 * once; a claim whose e-mail failed is taken over by a later poll.
 */
import { hrefTo, paths, topupHref } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { unauthorized } from '../../errors';
import type { EsimGoClient } from '../../integrations/esimgo/client';
import { isSignedCallback, type UsageCallback } from '../../integrations/esimgo/usage-callback';
import { type MailPlan, unlistedMailPlan } from '../../integrations/mail/mail-format';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth/auth-service';
import type { EsimsService } from '../esims/service';
import { purchaseMailPlan } from '../ledger/purchase-mail-plan';
import type { EsimPurchase, LedgerService } from '../ledger/service';
import { usageAlertMail } from './alert-mail';
import { alertsDue, type BundleReading, bundleKeyOf, bundleNameOfKey } from './decisions';
import { type AlertRow, insertAlertClaim, markAlertMailed, takeOverStaleClaim } from './repository';

const DAY_MS = 86_400_000;
/** How long a claim is its claimer's to mail before a poll may take it over. */
export const CLAIM_LEASE_MS = 120_000;
/** Tries of one alert's e-mail before it is given up (and logged). */
export const MAX_MAIL_ATTEMPTS = 5;
/** A claim older than this is not mailed any more: "80% used" a day late helps nobody. */
const RETRY_WITHIN_MS = DAY_MS;
/** eSIMs read at once by a poll: enough to be quick, few enough to spare the provider. */
const POLL_CONCURRENCY = 4;

export interface AlertsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  brandName: string;
  /** Where links in e-mails lead. */
  publicUrl: string;
  /** The eSIM Go API key, which signs its callbacks. */
  apiKey: string;
  /** Made on demand: the built-in simulator answers only once the app listens. */
  provider(): EsimGoClient;
  mailer: Mailer;
  esims: Pick<EsimsService, 'ownerOf'>;
  ledger: Pick<LedgerService, 'purchasesOfEsims' | 'esimsBookedSince'>;
  clients: Pick<AuthService, 'contactOf'>;
  /** eSIMs with a purchase booked within this many days are polled. */
  lookbackDays: number;
}

export interface PollReport {
  esims: number;
  /** eSIMs whose bundles could not be read this time. */
  unread: number;
  /** Alerts claimed and mailed by this poll, retries included. */
  mailed: number;
}

export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService(deps: AlertsDependencies) {
  const { db, log } = deps;

  /**
   * Refuses (401, nothing recorded) a callback whose signature is not the HMAC of these very
   * bytes under our API key: the check runs before the body is even looked at.
   */
  function verifyCallback(rawBody: Buffer, signature: string | undefined): void {
    if (!isSignedCallback(rawBody, signature, deps.apiKey)) {
      throw unauthorized('usageAlertMessages.invalidSignature');
    }
  }

  /** A verified usage callback: the alerts it calls for go out. */
  async function receiveCallback(callback: UsageCallback): Promise<void> {
    // Utilisation is the one alert eSIM Go documents; another type is acknowledged and left.
    if (callback.alertType !== 'Utilisation') return;
    const { iccid, bundle } = callback;
    await consider({
      iccid,
      bundleName: bundle.name,
      assignmentId: bundle.id,
      initialBytes: bundle.initialQuantity,
      remainingBytes: bundle.remainingQuantity,
      unlimited: bundle.unlimited,
      endTime: bundle.endTime,
    });
  }

  /** Reads the bundles of every recently bought eSIM, then retries e-mails left unsent. */
  async function poll(): Promise<PollReport> {
    const now = deps.clock();
    const candidates = await deps.ledger.esimsBookedSince(
      new Date(now.getTime() - deps.lookbackDays * DAY_MS),
    );
    const report: PollReport = { esims: candidates.length, unread: 0, mailed: 0 };
    const queue = [...candidates];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const result = await pollEsim(next.iccid, next.clientId);
        if (result === undefined) report.unread += 1;
        else report.mailed += result;
      }
    };
    await Promise.all(Array.from({ length: POLL_CONCURRENCY }, worker));
    report.mailed += await retryUnmailed();
    return report;
  }

  /** How many alerts one eSIM's bundles sent; undefined when they could not be read. */
  async function pollEsim(iccid: string, clientId: number): Promise<number | undefined> {
    let bundles: Awaited<ReturnType<EsimGoClient['getEsimBundles']>>;
    try {
      bundles = await deps.provider().getEsimBundles(iccid);
    } catch (error) {
      log.warn({ err: error, iccid }, 'usage alerts: the bundles could not be read');
      return undefined;
    }
    let mailed = 0;
    for (const bundle of bundles.bundles) {
      for (const assignment of bundle.assignments) {
        mailed += await consider(
          {
            iccid,
            bundleName: bundle.name,
            assignmentId: assignment.id,
            initialBytes: assignment.initialQuantity,
            remainingBytes: assignment.remainingQuantity,
            unlimited: assignment.unlimited,
            endTime: assignment.endTime,
            state: assignment.bundleState,
          },
          clientId,
        );
      }
    }
    return mailed;
  }

  /** Claims and mails the alerts a reading calls for; how many went out. */
  async function consider(reading: BundleReading, knownOwner?: number): Promise<number> {
    const due = alertsDue(reading, deps.clock());
    if (due.length === 0) return 0;
    const clientId = knownOwner ?? (await deps.esims.ownerOf(reading.iccid));
    // eSIM Go calls back for every eSIM on the account; one the shop never sold is not ours.
    if (clientId === undefined) {
      log.info(
        { iccid: reading.iccid },
        'usage alerts: a callback for an eSIM the shop never sold',
      );
      return 0;
    }
    let mailed = 0;
    for (const kind of due) {
      const claim = await insertAlertClaim(
        db,
        { iccid: reading.iccid, clientId, kind, bundleKey: bundleKeyOf(reading) },
        deps.clock(),
      );
      if (claim && (await mail(claim))) mailed += 1;
    }
    return mailed;
  }

  /** Mails claims whose e-mail failed (or whose claimer died) once their lease ran out. */
  async function retryUnmailed(): Promise<number> {
    let mailed = 0;
    for (;;) {
      const now = deps.clock();
      const claim = await takeOverStaleClaim(
        db,
        {
          leaseEnd: new Date(now.getTime() - CLAIM_LEASE_MS),
          notBefore: new Date(now.getTime() - RETRY_WITHIN_MS),
          maxAttempts: MAX_MAIL_ATTEMPTS,
        },
        now,
      );
      if (!claim) return mailed;
      if (await mail(claim)) mailed += 1;
    }
  }

  /** Sends one claimed alert; false when it could not be (the claim then waits for a retry). */
  async function mail(claim: AlertRow): Promise<boolean> {
    try {
      const contact = await deps.clients.contactOf(claim.clientId);
      if (!contact) throw new Error(`client ${claim.clientId} not found`);
      const purchases = await deps.ledger.purchasesOfEsims(claim.clientId, [claim.iccid]);
      const bundleName = bundleNameOfKey(claim.bundleKey);
      const onEsim = purchases.get(claim.iccid) ?? [];
      const purchase = onEsim.find((entry) => entry.planName === bundleName) ?? onEsim[0];
      await deps.mailer.send(
        usageAlertMail(
          {
            brandName: deps.brandName,
            to: contact.email,
            name: contact.name,
            language: contact.language,
          },
          {
            kind: claim.kind,
            iccid: claim.iccid,
            plan: mailPlanOf(purchase, bundleName),
            topupUrl: `${deps.publicUrl}/${topupLinkOf(claim.iccid, purchase)}`,
          },
        ),
      );
    } catch (error) {
      log.warn(
        { err: error, iccid: claim.iccid, kind: claim.kind, attempt: claim.attempts },
        'usage alerts: the e-mail could not be sent; a later poll tries again',
      );
      return false;
    }
    await markAlertMailed(db, claim.id, deps.clock());
    return true;
  }

  return { verifyCallback, receiveCallback, poll };
}

/** The purchase's plan ('France eSIM · 1 GB · 7 days'); the bundle's name when none is booked. */
function mailPlanOf(purchase: EsimPurchase | undefined, bundleName: string): MailPlan {
  return purchase ? purchaseMailPlan(purchase) : unlistedMailPlan(bundleName);
}

/** The eSIM's top-up plans, or the profile (where its Topup button is) for an unknown place. */
function topupLinkOf(iccid: string, purchase: EsimPurchase | undefined): string {
  const href = purchase && topupHref({ iccid, iso: purchase.iso, country: purchase.country });
  return href ?? hrefTo(paths.profile);
}
