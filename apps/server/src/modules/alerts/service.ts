/**
 * Usage alerts: the buyer is e-mailed once when 80% of a bundle's data is used, once when it is
 * used up, and once when the bundle ends within 24 hours, each with a one-tap top-up link. Two
 * ways in, one decision: eSIM Go's signed usage callback, and a poll of the provider that finds
 * what a lost callback would have said (and the expiry, which no callback tells). Every alert is
 * decided once in usage_alerts, so callbacks, polls and instances send it once; its e-mail is a
 * job of the engine (jobs/engine.ts), sent at once and retried with back-off when it fails.
 * The background poll is a periodic job too: one instance at a time runs it.
 */
import { hrefTo, paths, topupHref } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { unauthorized } from '../../errors';
import type { EsimGoClient } from '../../integrations/esimgo/client';
import { isSignedCallback, type UsageCallback } from '../../integrations/esimgo/usage-callback';
import { type MailPlan, unlistedMailPlan } from '../../integrations/mail/mail-format';
import type { Mailer } from '../../integrations/mail/mailer';
import { createJobEngine, done, enqueueJob, type JobKind, type JobRow } from '../../jobs/engine';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth/auth-service';
import type { EsimsService } from '../esims/service';
import { purchaseMailPlan } from '../ledger/purchase-mail-plan';
import type { EsimPurchase, LedgerService } from '../ledger/service';
import { usageAlertMail } from './alert-mail';
import {
  alertsDue,
  alertThatSupersedes,
  type BundleReading,
  bundleKeyOf,
  bundleNameOfKey,
} from './decisions';
import {
  type AlertRow,
  alertDecided,
  findAlert,
  insertAlert,
  listClientAlerts,
  markAlertMailed,
} from './repository';

const DAY_MS = 86_400_000;
/** How long a mail job is its worker's before another instance may take it over. */
const MAIL_LEASE_MS = 120_000;
/** Tries of one alert's e-mail before it is parked (and logged). */
export const MAX_MAIL_ATTEMPTS = 5;
/** The first retry of a failed e-mail; each next one waits twice as long. */
const MAIL_RETRY_BASE_MS = 60_000;
/** An alert older than this is not mailed any more: "80% used" a day late helps nobody. */
const RETRY_WITHIN_MS = DAY_MS;
const MAIL_KIND = 'usage-alert-mail';
const POLL_KIND = 'usage-alert-poll';
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
  /** How often the background poll runs (on one instance at a time). */
  pollIntervalMs: number;
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
  const engineOf = (kinds: Record<string, JobKind>, leaseMs: number) =>
    createJobEngine({ db, clock: deps.clock, log, leaseMs, kinds });
  const mailJobs = engineOf({ [MAIL_KIND]: mailKind() }, MAIL_LEASE_MS);
  const pollJobs = engineOf(
    { [POLL_KIND]: pollKind() },
    Math.max(MAIL_LEASE_MS, deps.pollIntervalMs),
  );

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
    const reading = {
      iccid,
      bundleName: bundle.name,
      assignmentId: bundle.id ?? '',
      initialBytes: bundle.initialQuantity,
      remainingBytes: bundle.remainingQuantity,
      unlimited: bundle.unlimited,
      endTime: bundle.endTime,
    };
    // Most callbacks (1%, 50%) call for nothing: the provider is asked only when one does.
    if (alertsDue(reading, deps.clock()).length === 0) return;
    const assignmentId = bundle.id ?? (await assignmentCalledBack(iccid, bundle));
    if (assignmentId === undefined) {
      // Acknowledged all the same (eSIM Go would not send it again): the poll reads it later.
      log.warn({ iccid, bundle: bundle.name }, 'usage alerts: a callback left to the poll');
      return;
    }
    await consider({ ...reading, assignmentId });
  }

  /**
   * The assignment a callback without its id is about, as the provider lists the eSIM's
   * bundles: the one of that name that started when the callback says, or the only one of that
   * name. Undefined when the list cannot be read or does not tell.
   */
  async function assignmentCalledBack(
    iccid: string,
    bundle: UsageCallback['bundle'],
  ): Promise<string | undefined> {
    let listed: Awaited<ReturnType<EsimGoClient['getEsimBundles']>>;
    try {
      listed = await deps.provider().getEsimBundles(iccid);
    } catch (error) {
      log.warn(
        { err: error, iccid },
        'usage alerts: the called-back bundle could not be looked up',
      );
      return undefined;
    }
    const named = listed.bundles
      .filter((listedBundle) => listedBundle.name === bundle.name)
      .flatMap((listedBundle) => listedBundle.assignments);
    const started = bundle.startTime ? Date.parse(bundle.startTime) : Number.NaN;
    const sameStart = named.filter(
      (assignment) => assignment.startTime && Date.parse(assignment.startTime) === started,
    );
    const [chosen] = sameStart.length === 1 ? sameStart : named.length === 1 ? named : [];
    return chosen?.id;
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
        // The eSIM's owner is told, not the ledger's buyer: a gift's are two people (issue 31).
        const result = await pollEsim(next.iccid);
        if (result === undefined) report.unread += 1;
        else report.mailed += result;
      }
    };
    await Promise.all(Array.from({ length: POLL_CONCURRENCY }, worker));
    // E-mails that failed before and are due again.
    report.mailed += await mailJobs.runDueJobs();
    return report;
  }

  /** How many alerts one eSIM's bundles sent; undefined when they could not be read. */
  async function pollEsim(iccid: string, clientId?: number): Promise<number | undefined> {
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

  /** Told of every bundle reading first (an automatic top-up, issue 32); never fails one. */
  const readingListeners: Array<(reading: BundleReading) => Promise<void>> = [];
  function onReading(listener: (reading: BundleReading) => Promise<void>): void {
    readingListeners.push(listener);
  }

  /** Claims and mails the alerts a reading calls for; how many went out. */
  async function consider(reading: BundleReading, knownOwner?: number): Promise<number> {
    for (const listener of readingListeners) {
      try {
        await listener(reading);
      } catch (error) {
        log.error({ err: error, iccid: reading.iccid }, 'usage alerts: a reading listener failed');
      }
    }
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
      const alert = { iccid: reading.iccid, clientId, kind, bundleKey: bundleKeyOf(reading) };
      const decided = await decide(alert);
      if (decided && (await mailNow(decided))) mailed += 1;
    }
    return mailed;
  }

  /**
   * Records the alert and its e-mail's job together; undefined when it was decided before, or
   * when a later alert of the bundle went out already (used up, then an older 80% reading).
   */
  function decide(alert: Parameters<typeof insertAlert>[1]): Promise<AlertRow | undefined> {
    const now = deps.clock();
    const later = alertThatSupersedes(alert.kind);
    return db.transaction(async (tx) => {
      if (later && (await alertDecided(tx, { ...alert, kind: later }))) return undefined;
      const row = await insertAlert(tx, alert, now);
      if (row) await enqueueJob(tx, { kind: MAIL_KIND, key: mailKey(row.id), runAfter: now, now });
      return row;
    });
  }

  /** Sends the alert's e-mail here and now; false when it failed (its job retries it later). */
  async function mailNow(alert: AlertRow): Promise<boolean> {
    await mailJobs.runJob(mailKey(alert.id));
    return (await findAlert(db, alert.id))?.mailedAt != null;
  }

  function mailKind(): JobKind {
    return {
      maxAttempts: MAX_MAIL_ATTEMPTS,
      retryBaseMs: MAIL_RETRY_BASE_MS,
      run: async (job: JobRow) => {
        const alert = await findAlert(db, Number(job.key.slice(`${MAIL_KIND}:`.length)));
        if (!alert || alert.mailedAt) return done;
        if (deps.clock().getTime() - alert.claimedAt.getTime() > RETRY_WITHIN_MS) {
          log.warn({ iccid: alert.iccid, kind: alert.kind }, 'usage alerts: too late to mail');
          return done;
        }
        await mail(alert);
        await markAlertMailed(db, alert.id, deps.clock());
        return done;
      },
    };
  }

  function pollKind(): JobKind {
    return {
      maxAttempts: Number.POSITIVE_INFINITY,
      retryBaseMs: deps.pollIntervalMs,
      everyMs: deps.pollIntervalMs,
      run: async () => {
        log.debug(await poll(), 'usage alert poll done');
        return done;
      },
    };
  }

  /** Sends one alert's e-mail; a failure is the job's (retried with back-off). */
  async function mail(alert: AlertRow): Promise<void> {
    const contact = await deps.clients.contactOf(alert.clientId);
    if (!contact) throw new Error(`client ${alert.clientId} not found`);
    // Whoever paid for them: the owner of a gifted eSIM reads its buyer's plan (issue 31).
    const purchases = await deps.ledger.purchasesOfEsims(undefined, [alert.iccid]);
    const bundleName = bundleNameOfKey(alert.bundleKey);
    const onEsim = purchases.get(alert.iccid) ?? [];
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
          kind: alert.kind,
          iccid: alert.iccid,
          plan: mailPlanOf(purchase, bundleName),
          topupUrl: `${deps.publicUrl}/${topupLinkOf(alert.iccid, purchase)}`,
        },
      ),
    );
  }

  /** The background round: the poll, when due here (one instance at a time runs it). */
  async function runDuePoll(): Promise<void> {
    await pollJobs.runBackgroundRound();
  }

  /** The alerts decided for a buyer's eSIMs, newest first (the operator's account page). */
  const ofClient = (clientId: number): Promise<AlertRow[]> => listClientAlerts(db, clientId);

  return { verifyCallback, receiveCallback, poll, runDuePoll, ofClient, onReading };
}

const mailKey = (alertId: number): string => `${MAIL_KIND}:${alertId}`;

/** The purchase's plan ('France eSIM · 1 GB · 7 days'); the bundle's name when none is booked. */
function mailPlanOf(purchase: EsimPurchase | undefined, bundleName: string): MailPlan {
  return purchase ? purchaseMailPlan(purchase) : unlistedMailPlan(bundleName);
}

/** The eSIM's top-up plans, or the profile (where its Topup button is) for an unknown place. */
function topupLinkOf(iccid: string, purchase: EsimPurchase | undefined): string {
  const href = purchase && topupHref({ iccid, iso: purchase.iso, country: purchase.country });
  return href ?? hrefTo(paths.profile);
}
