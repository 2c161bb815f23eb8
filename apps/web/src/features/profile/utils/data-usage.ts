/**
 * How an eSIM's data reads in the Usage dialog: quantities in MB (spec section 9: bytes
 * divided by 1,000,000), the share left, and when the data will run out at the pace so far,
 * which is never after the plan itself ends.
 */
import { bytesToMegabytes } from '@tern/contract/profile';
import { englishWords, leftToRight, type ProfileWords, quantityLocale } from './profile-format';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A pace says something only once the reading covers a day of use, or a tenth of the data:
 * minutes after the first connection (an update, a map downloaded) it would forecast the data
 * gone within days.
 */
export const FORECAST_MIN_ELAPSED_MS = DAY_MS;
export const FORECAST_MIN_USED_SHARE = 0.1;

const upToDecimals = (locale: string, digits: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits });

/**
 * '1,000 MB', '12.5 MB', '0.25 MB': fewer decimals as the number grows; '1 000 Mo' in French,
 * held left to right in Arabic.
 */
export function formatMegabytes(bytes: number, words: ProfileWords = englishWords): string {
  const megabytes = bytesToMegabytes(Math.max(bytes, 0));
  const digits = megabytes >= 100 ? 0 : megabytes >= 10 ? 1 : 2;
  const amount = upToDecimals(quantityLocale(words.language), digits).format(megabytes);
  return leftToRight(words.t('profile.usage.megabytes', { amount }), words.language);
}

/** Whole percent of the allowance still left, 0 to 100 (0 for an empty allowance). */
export function percentRemaining(initialBytes: number, remainingBytes: number): number {
  if (initialBytes <= 0) return 0;
  const share = (Math.min(Math.max(remainingBytes, 0), initialBytes) / initialBytes) * 100;
  return Math.round(share);
}

export interface RunOutEstimate {
  /** When the data is expected to run out, or when the plan ends if that comes first. */
  at: Date;
  /** Whole days from the reading to then (0 means within the day). */
  daysLeft: number;
  /** The data outlasts the plan: it is the plan's end, not the data, that comes first. */
  outlastsPlan: boolean;
}

/**
 * When the data runs out if it keeps being used at the average pace since the bundle
 * started: remaining / (used / elapsed), and never later than the plan's end (`expiresAt`):
 * a slow pace means the data lasts as long as the plan does. Undefined when the usage so far
 * says nothing (nothing used yet, less than a day of use and a tenth of the data, nothing
 * left, or an unlimited bundle).
 */
export function estimateRunOut(usage: {
  initialBytes: number;
  remainingBytes: number;
  startedAt: Date;
  readAt: Date;
  expiresAt?: Date;
}): RunOutEstimate | undefined {
  const { initialBytes, remainingBytes, startedAt, readAt, expiresAt } = usage;
  if (initialBytes <= 0 || remainingBytes <= 0) return undefined;
  const used = initialBytes - remainingBytes;
  const elapsedMs = readAt.getTime() - startedAt.getTime();
  if (used <= 0 || elapsedMs <= 0) return undefined;
  if (!coversEnough(used / initialBytes, elapsedMs)) return undefined;
  const paceMsLeft = remainingBytes / (used / elapsedMs);
  const planMsLeft = expiresAt ? expiresAt.getTime() - readAt.getTime() : Number.POSITIVE_INFINITY;
  const outlastsPlan = paceMsLeft >= planMsLeft;
  const msLeft = Math.max(0, Math.min(paceMsLeft, planMsLeft));
  return {
    at: new Date(readAt.getTime() + msLeft),
    daysLeft: Math.floor(msLeft / DAY_MS),
    outlastsPlan,
  };
}

/** Whether a reading says enough for a forecast: a day since the start, or a tenth used. */
function coversEnough(usedShare: number, elapsedMs: number): boolean {
  return elapsedMs >= FORECAST_MIN_ELAPSED_MS || usedShare >= FORECAST_MIN_USED_SHARE;
}

/** 'about 3 days left', 'less than a day left', 'about 1 day left'. */
export function describeDaysLeft(daysLeft: number, words: ProfileWords = englishWords): string {
  if (daysLeft < 1) return words.t('profile.usage.lessThanADay');
  return words.t('profile.usage.daysLeft', { count: daysLeft });
}
