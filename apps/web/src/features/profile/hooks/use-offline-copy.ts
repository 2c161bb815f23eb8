/**
 * The profile's offline copy (decision 0020), kept and read here. Online, each time the list
 * of eSIMs arrives, it brings the copy up to date: the QR image and install values of each
 * eSIM once (they never change), its usage each time. When the list cannot be had for want of
 * an answer (offline, the shop out of reach), `showSaved` says to show the copy instead.
 */
import {
  onlineManager,
  type QueryClient,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { MyEsim } from '@tern/contract/profile';
import { useEffect, useSyncExternalStore } from 'react';
import {
  accountKey,
  blobToDataUrl,
  forgetAllAccounts,
  type OfflineSnapshot,
  readSnapshot,
  type SavedEsim,
  saveSnapshot,
} from '../../../lib/offline/snapshot-store';
import { session } from '../../../lib/session-store';
import { signedInRequest } from '../../../lib/signed-in-request';
import { esimBundlesQueryOptions } from '../api/get-esim-bundles';
import { esimDetailsQueryOptions } from '../api/get-esim-details';
import { esimQrQueryOptions } from '../api/get-esim-qr';
import { profileKeys } from '../api/query-keys';
import { wasInstalled } from '../utils/install-state';
import { type OfflineCopyView, offlineCopyView } from '../utils/offline-copy-view';

export interface OfflineCopy extends OfflineCopyView {
  /** The copy on this device, once read; undefined while reading or when there is none. */
  snapshot: OfflineSnapshot | undefined;
}

export function useOfflineCopy(email: string, esims: UseQueryResult<MyEsim[]>): OfflineCopy {
  const queryClient = useQueryClient();
  const saved = useQuery({
    ...signedInRequest,
    queryKey: profileKeys.offlineCopy(email),
    queryFn: async () => (await readSnapshot(email)) ?? null,
    // The device's own storage: no connection needed, and only this page changes it.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });

  const list = esims.data;
  useEffect(() => {
    if (!list) return;
    let current = true;
    void keepCopy(queryClient, email, list).then((kept) => {
      if (current && kept) queryClient.setQueryData(profileKeys.offlineCopy(email), kept);
    });
    return () => {
      current = false;
    };
  }, [queryClient, email, list]);

  const snapshot = saved.data ?? undefined;
  const browserOffline = !useSyncExternalStore(onlineManager.subscribe, isOnline, isOnline);
  const view = offlineCopyView(
    {
      listLoaded: list !== undefined,
      isPaused: esims.isPaused,
      error: esims.error,
      failureReason: esims.failureReason,
      browserOffline,
    },
    { read: saved.isSuccess, present: snapshot !== undefined },
  );
  return { snapshot, ...view };
}

/**
 * Reads what the copy lacks and replaces it; the copy as saved, or undefined when the account
 * signed out meanwhile, in this tab or another. One eSIM at a time, so a long list does not
 * flood the provider.
 */
export async function keepCopy(
  queryClient: QueryClient,
  email: string,
  list: readonly MyEsim[],
): Promise<OfflineSnapshot | undefined> {
  // The sign-in the list was read for: the copy is kept for it only while it lasts.
  const client = session.get().client;
  const stillSignedIn = () =>
    client !== undefined &&
    accountKey(client.email) === accountKey(email) &&
    session.isStillSignedIn(client);
  if (!stillSignedIn()) return undefined;
  const previous = await readSnapshot(email);
  const cards: SavedEsim[] = [];
  // A refunded eSIM is gone from the provider: nothing to install, nothing to read.
  for (const esim of list.filter((entry) => !entry.refundedAt)) {
    // Signed out meanwhile: the next readings would only be refused.
    if (!stillSignedIn()) return undefined;
    const before = previous?.esims.find((saved) => saved.esim.iccid === esim.iccid);
    const [qrDataUrl, installation, usage] = await Promise.all([
      before?.qrDataUrl ??
        queryClient
          .fetchQuery(esimQrQueryOptions(email, esim.iccid))
          .then(blobToDataUrl)
          .catch(() => undefined),
      // Asked again until the phone has installed it: the QR code is used up from then on.
      before?.install && before.installed
        ? { install: before.install, installed: true }
        : queryClient
            .fetchQuery(esimDetailsQueryOptions(email, esim.iccid))
            .then(({ smdpAddress, matchingId, links, ...state }) => ({
              install: { smdpAddress, matchingId, links },
              installed: wasInstalled(state),
            }))
            .catch(() => ({ install: before?.install, installed: before?.installed })),
      // A reading that fails now leaves the last one: it says when it was read.
      queryClient.fetchQuery(esimBundlesQueryOptions(email, esim.iccid)).catch(() => before?.usage),
    ]);
    cards.push({ esim, qrDataUrl, ...installation, usage });
  }
  // Asked of the browser's storage right before writing: another tab's logout may have
  // cleared the copy already, and its word may not have reached this tab's memory yet.
  if (!stillSignedIn()) return undefined;
  const kept = await saveSnapshot(email, cards);
  // Signed out while it was being written: the sign-out's own clearing may have run first.
  if (!stillSignedIn()) {
    await forgetAllAccounts();
    return undefined;
  }
  return kept;
}

/** TanStack Query's view of the network: the browser's, as the held requests follow it. */
function isOnline(): boolean {
  return onlineManager.isOnline();
}
