/**
 * Referrals (issue 31): every account has a share link; a friend who signs up through it and
 * pays a first order gives both accounts store credit, once the friend's payment is captured.
 * Never to oneself: not the same e-mail (aliases included), not the same card, not the same
 * device; and at most a configured number of rewards a month for one account.
 */
import { z } from 'zod';
import { apiPath } from './api-path';

export const referralApiPaths = {
  /** The signed-in buyer's code and share link. */
  referral: apiPath('/api/client/referral'),
} as const;

/** A referral code: 8 letters and digits, without the look-alikes 0/O and 1/I/L. */
export const referralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[2-9A-HJKMNP-Z]{8}$/, 'must be a referral code of 8 letters and digits');

export const referralSchema = z.object({
  code: z.string(),
  /** The share link: the shop's address with the code. */
  link: z.string(),
  /** The credit each side gets, in dollars. */
  reward: z.number(),
  friendReward: z.number(),
  currency: z.string(),
  /** The most rewards one account gets in a calendar month (UTC). */
  maxPerMonth: z.number(),
  /** Friends whose first order gave the reward, and those still to buy. */
  rewarded: z.number(),
  pending: z.number(),
});
export type Referral = z.infer<typeof referralSchema>;

/** The reasons written beside a referral that gave no reward, for the operator. */
export const referralRefusals = [
  'same-email',
  'same-card',
  'same-device',
  'monthly-limit',
] as const;
export type ReferralRefusal = (typeof referralRefusals)[number];

/**
 * The one address behind an e-mail's aliases, for comparing two accounts: lower case, no
 * "+tag" in the local part, and for Gmail no dots either (Gmail delivers all of them to the
 * same mailbox). Not for sending: only for "is this the same person's mailbox?".
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}
