/**
 * When the profile shows its offline copy instead of the list (decision 0020), decided apart
 * from the hook (hooks/use-offline-copy.ts) so it can be tested. The list cannot be had when
 * its request is held because the browser is offline, or got no answer at all. That holds
 * with a list kept from an earlier visit too: the profile opened again inside the app while
 * offline shows the install cards, as a reload does, not the old list whose buttons all need
 * the network (issue 26).
 */
import { isUnreachable } from '../../../lib/offline/unreachable';

/** What the decision reads of the list's query (TanStack Query's result). */
export interface ListQueryState {
  listLoaded: boolean;
  /** TanStack Query holds a request while the browser says it is offline. */
  isPaused: boolean;
  error: unknown;
  /** The last attempt's failure, while a retry is on its way. */
  failureReason: unknown;
  /**
   * The browser says it has no network. A list still fresh in memory is then not asked again,
   * so nothing is held or failed: the page opened inside the app would show the old list,
   * whose every button needs the network.
   */
  browserOffline: boolean;
}

export interface OfflineCopyView {
  /** The list cannot be had for want of an answer and the copy was read: show it. */
  showSaved: boolean;
  /** No answer, and nothing saved on this device to show instead. */
  nothingSaved: boolean;
  /** The list came from the API and is shown: the copy on this device is kept up to date. */
  listShown: boolean;
}

export function offlineCopyView(
  list: ListQueryState,
  saved: { read: boolean; present: boolean },
): OfflineCopyView {
  const outOfReach =
    list.browserOffline || list.isPaused || isUnreachable(list.error ?? list.failureReason);
  const showSaved = outOfReach && saved.present;
  return {
    showSaved,
    nothingSaved: outOfReach && !list.listLoaded && saved.read && !saved.present,
    listShown: list.listLoaded && !showSaved,
  };
}
