/**
 * Which usage alerts a bundle is due, from one reading of it (a callback's body or a poll of
 * the provider's bundles): 80% of the data used, the data used up, and the bundle ending within
 * 24 hours. A pure function of the reading and the time, so the callback and the poll, on any
 * instance, decide the same; the usage_alerts unique then lets each alert out once.
 */
import type { UsageAlertKind } from '../../db/schema';

const HOUR_MS = 3_600_000;
/** The expiry alert goes out once the bundle ends within this long. */
export const EXPIRY_NOTICE_MS = 24 * HOUR_MS;
/** The share of the data used at which the first alert goes out, in percent. */
export const USED_ALERT_PERCENT = 80;

/** One bundle assignment on an eSIM, as a callback or a poll saw it. */
export interface BundleReading {
  iccid: string;
  bundleName: string;
  /** The assignment's id at the provider: one use of a bundle on this eSIM. */
  assignmentId: string;
  /** Bytes; -1 or unlimited for an unlimited bundle. */
  initialBytes: number;
  remainingBytes: number;
  unlimited: boolean;
  /** When the bundle's duration ends (ISO 8601); absent before it starts. */
  endTime?: string | undefined;
  /** The provider's state when the reading has one (a poll); a callback's bundle is in use. */
  state?: string | undefined;
}

/**
 * The alerts a reading calls for, at most one of the data ones: a bundle found used up is not
 * also told it is 80% used. A bundle with no data left is not told it ends soon either.
 */
export function alertsDue(reading: BundleReading, now: Date): UsageAlertKind[] {
  if (reading.state !== undefined && reading.state !== 'active' && reading.state !== 'depleted') {
    return [];
  }
  const data = dataAlert(reading);
  if (data === 'used_up') return ['used_up'];
  const alerts: UsageAlertKind[] = data ? [data] : [];
  if (endsSoon(reading, now)) alerts.push('expiring');
  return alerts;
}

function dataAlert(reading: BundleReading): UsageAlertKind | undefined {
  const { initialBytes, remainingBytes } = reading;
  if (reading.unlimited || initialBytes <= 0) return undefined;
  if (remainingBytes <= 0 || reading.state === 'depleted') return 'used_up';
  // In whole bytes, so 80.0% is 80% whatever the floating point says.
  return (initialBytes - remainingBytes) * 100 >= USED_ALERT_PERCENT * initialBytes
    ? 'used_80'
    : undefined;
}

function endsSoon(reading: BundleReading, now: Date): boolean {
  if (!reading.endTime) return false;
  const left = Date.parse(reading.endTime) - now.getTime();
  return left > 0 && left <= EXPIRY_NOTICE_MS;
}

/**
 * Names one use of a bundle on an eSIM: a second purchase of the same bundle has its own
 * assignment, so it gets alerts of its own. The assignment id, not the start time, because
 * the id is the same in the callback and in the bundle list, written the same way.
 */
export function bundleKeyOf(reading: Pick<BundleReading, 'bundleName' | 'assignmentId'>): string {
  return `${reading.bundleName}#${reading.assignmentId}`;
}

/** The bundle name a key was made from. */
export function bundleNameOfKey(bundleKey: string): string {
  const cut = bundleKey.lastIndexOf('#');
  return cut < 0 ? bundleKey : bundleKey.slice(0, cut);
}

/**
 * The alert that makes another one late news: once "used up" went out for a bundle, an older
 * reading's "80% used" (a callback that arrived out of order) would tell the buyer less than
 * they know, so it is not sent.
 */
export function alertThatSupersedes(kind: UsageAlertKind): UsageAlertKind | undefined {
  return kind === 'used_80' ? 'used_up' : undefined;
}
