/**
 * Referrals (issue 31). A buyer's share link carries their code; a friend who proves a new
 * address through it is referred (once). When the friend's first order is captured, the
 * referral is decided, once: both accounts get store credit, unless the friend is the referrer
 * under another name (the same mailbox behind an alias, the same card, the same device) or the
 * referrer had their monthly number of rewards already. Nothing is given before the capture.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  CURRENCY,
  mailboxOf,
  REFERRAL_QUERY,
  type Referral,
  type ReferralRefusal,
} from '@tern/contract';
import type { Db } from '../../db/client';
import type { GatewayOrder } from '../../integrations/gateway/schemas';
import type { CreditService } from '../credit/service';
import { cardHashOf } from './card';
import {
  cardOfOrder,
  countRewardedSince,
  decide,
  emailsOf,
  findCodeOf,
  findReferrerByCode,
  insertCode,
  insertReferral,
  lockReferrer,
  paidWithCard,
  type ReferralRow,
  recordDevice,
  recordOrderCard,
  referralCounts,
  shareADevice,
  undecidedReferralOf,
} from './repository';

/** Letters and digits a person reads back without doubt (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;

export interface ReferralSettings {
  rewardCents: number;
  friendRewardCents: number;
  maxPerMonth: number;
}

export interface ReferralDependencies {
  db: Db;
  clock: () => Date;
  credit: CreditService;
  settings: ReferralSettings;
}

/** A captured order, as the referral step reads it. */
export interface CapturedOrder {
  id: number;
  clientId: number;
  reference: string;
}

export type ReferralsService = ReturnType<typeof createReferrals>;

export function createReferrals(deps: ReferralDependencies) {
  const { db, clock, settings } = deps;

  /** The account's code, made on first asking (a new one tried again if taken). */
  async function codeOf(clientId: number): Promise<string> {
    for (;;) {
      const existing = await findCodeOf(db, clientId);
      if (existing) return existing;
      await insertCode(db, clientId, newCode(), clock());
    }
  }

  async function referralOf(clientId: number, shopOrigin: string): Promise<Referral> {
    const code = await codeOf(clientId);
    const counts = await referralCounts(db, clientId);
    return {
      code,
      link: shareLink(shopOrigin, code),
      reward: settings.rewardCents / 100,
      friendReward: settings.friendRewardCents / 100,
      currency: CURRENCY,
      maxPerMonth: settings.maxPerMonth,
      ...counts,
    };
  }

  /**
   * A sign-in: the device is remembered for the account, and an address proven for the first
   * time through a share link is referred by its owner. An unknown code, or one's own, is
   * ignored: signing in never fails for a referral.
   */
  async function signedIn(event: {
    clientId: number;
    firstTime: boolean;
    referralCode: string | undefined;
    device: string | undefined;
  }): Promise<void> {
    const now = clock();
    if (event.device) await recordDevice(db, event.clientId, hashDevice(event.device), now);
    if (!event.firstTime || !event.referralCode) return;
    const referrer = await findReferrerByCode(db, event.referralCode.trim().toUpperCase());
    if (referrer === undefined || referrer === event.clientId) return;
    await insertReferral(db, {
      referrerClientId: referrer,
      friendClientId: event.clientId,
      createdAt: now,
    });
  }

  /**
   * Keeps what the gateway showed of the card that paid the order (see card.ts), when the
   * payment is confirmed: the referrer's cards are known by the time a friend pays.
   */
  async function paidWith(order: CapturedOrder, paid: GatewayOrder | undefined): Promise<void> {
    const cardHash = paid ? cardHashOf(paid) : undefined;
    if (!cardHash) return;
    await recordOrderCard(db, {
      orderId: order.id,
      clientId: order.clientId,
      cardHash,
      recordedAt: clock(),
    });
  }

  /**
   * After an order's capture: decides the buyer's referral if it is still open. Safe to run
   * again (a job replayed): a decided referral is left as it is.
   */
  async function afterCapture(order: CapturedOrder) {
    const referral = await undecidedReferralOf(db, order.clientId);
    if (!referral) return;
    const cardHash = await cardOfOrder(db, order.id);
    await db.transaction(async (tx) => {
      await lockReferrer(tx, referral.referrerClientId);
      const refusal = await refusalOf(tx, referral, cardHash);
      const now = clock();
      const outcome = refusal ?? 'rewarded';
      if (!(await decide(tx, referral.id, { outcome, orderId: order.id, decidedAt: now }))) return;
      if (refusal) return;
      const why = `Referral: ${order.reference}`;
      await deps.credit.award(tx, referral.referrerClientId, settings.rewardCents, why);
      await deps.credit.award(tx, referral.friendClientId, settings.friendRewardCents, why);
    });
  }

  async function refusalOf(
    tx: Db,
    referral: ReferralRow,
    cardHash: string | undefined,
  ): Promise<ReferralRefusal | undefined> {
    const { referrerClientId: referrer, friendClientId: friend } = referral;
    const [one, other] = await emailsOf(tx, [referrer, friend]);
    if (one && other && mailboxOf(one) === mailboxOf(other)) return 'same-email';
    if (cardHash && (await paidWithCard(tx, referrer, cardHash))) return 'same-card';
    if (await shareADevice(tx, referrer, friend)) return 'same-device';
    const rewarded = await countRewardedSince(tx, referrer, startOfMonth(clock()));
    if (rewarded >= settings.maxPerMonth) return 'monthly-limit';
    return undefined;
  }

  return { codeOf, referralOf, signedIn, paidWith, afterCapture };
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The shop's address with the code; the web app keeps it until the sign-up. */
export function shareLink(shopOrigin: string, code: string): string {
  return `${shopOrigin}/?${REFERRAL_QUERY}=${code}#/sign-in`;
}

/** The device id is the browser's own random value; only its hash is kept. */
function hashDevice(device: string): string {
  return createHash('sha256').update(`tern-device|${device}`).digest('hex');
}

/** The first moment of the month, in UTC: "N rewards a month" counts calendar months. */
function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
