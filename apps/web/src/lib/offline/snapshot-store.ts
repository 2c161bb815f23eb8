/**
 * The profile's offline copy (decision 0020): for the account signed in on this browser, its
 * eSIMs as the profile last showed them online, each with what installing it takes (the QR
 * code as a PNG data URL, the SM-DP+ address, the activation code, the one-tap install links)
 * and its last usage reading with the time it was read. Kept in IndexedDB, one record per
 * account; sign-out deletes them all and a sign-in deletes every other account's.
 * No token, PIN, PUK or invoice is kept.
 */
import { esimBundlesSchema, myEsimSchema } from '@tern/contract/profile';
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { z } from 'zod';

/** Bumped when the shape changes: a record of another version is not shown, only replaced. */
const SNAPSHOT_VERSION = 1;

const installValuesSchema = z.object({
  smdpAddress: z.string(),
  matchingId: z.string(),
  links: z.object({ ios: z.string(), android: z.string() }),
});
export type InstallValues = z.infer<typeof installValuesSchema>;

const savedEsimSchema = z.object({
  /** The eSIM as the profile's list showed it. */
  esim: myEsimSchema,
  /** `data:image/png;base64,…`; absent when it could not be read yet. */
  qrDataUrl: z.string().startsWith('data:image/').optional(),
  install: installValuesSchema.optional(),
  /** Whether the phone had installed it when last asked (its QR code is then used up). */
  installed: z.boolean().optional(),
  /** The last usage reading; its `readAt` says when the provider was asked. */
  usage: esimBundlesSchema.optional(),
});
export type SavedEsim = z.infer<typeof savedEsimSchema>;

const snapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  account: z.string(),
  /** When the copy was last brought up to date, ISO 8601. */
  savedAt: z.iso.datetime({ offset: true }),
  esims: z.array(savedEsimSchema),
});
export type OfflineSnapshot = z.infer<typeof snapshotSchema>;

let database: UseStore | undefined;
/** Opened on first use, so a page that never needs the copy never opens the database. */
function store(): UseStore {
  database ??= createStore('tern-offline', 'install-cards');
  return database;
}

/** One key per account: the e-mail it signs in with, as the server compares it. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Replaces the account's copy, and returns it as kept; undefined when storage refuses
 * (private mode, a full disk): the profile then simply has no offline copy.
 */
export async function saveSnapshot(
  email: string,
  esims: readonly SavedEsim[],
  savedAt = new Date(),
): Promise<OfflineSnapshot | undefined> {
  const snapshot: OfflineSnapshot = {
    version: SNAPSHOT_VERSION,
    account: accountKey(email),
    savedAt: savedAt.toISOString(),
    esims: [...esims],
  };
  try {
    await set(snapshot.account, snapshot, store());
    return snapshot;
  } catch {
    return undefined;
  }
}

/** The account's copy, or undefined when none was kept (or it no longer reads as one). */
export async function readSnapshot(email: string): Promise<OfflineSnapshot | undefined> {
  try {
    const parsed = snapshotSchema.safeParse(await get(accountKey(email), store()));
    // The key decides, and the record says it too: never show one account another's eSIMs.
    if (!parsed.success || parsed.data.account !== accountKey(email)) return undefined;
    return parsed.data;
  } catch {
    return undefined;
  }
}

/** At sign-in: whoever used this browser before leaves nothing behind for this account. */
export async function forgetOtherAccounts(email: string): Promise<void> {
  try {
    const keep = accountKey(email);
    const stale = (await keys(store())).filter((key) => key !== keep);
    await Promise.all(stale.map((key) => del(key, store())));
  } catch {
    // Nothing stored, or no storage at all.
  }
}

/** At sign-out: the next person at this browser finds no one's eSIMs. */
export async function forgetAllAccounts(): Promise<void> {
  try {
    await clear(store());
  } catch {
    // Nothing stored, or no storage at all.
  }
}

/** A fetched image as a data URL, so the copy holds the picture itself, not a link to it. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and those are limited.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}
