/**
 * Small answers this device remembers in local storage, read in components as they change:
 * that the traveller read an eSIM's once-only warning, and whether their phone is unlocked.
 * A write in one place shows at once everywhere it is read (and in other tabs).
 */
import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
// What was remembered in this page, for a browser whose storage refuses writes.
const inPage = new Map<string, string>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function readRemembered(key: string): string | undefined {
  try {
    const stored = window.localStorage.getItem(key);
    if (stored !== null) return stored;
  } catch {
    // storage disabled (private mode, blocked cookies)
  }
  return inPage.get(key);
}

export function remember(key: string, value: string | undefined): void {
  inPage.delete(key);
  try {
    if (value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Without storage the answer holds for this page only.
    if (value !== undefined) inPage.set(key, value);
  }
  notify();
}

/** The value stored under `key`, and a way to change it; re-read whenever either changes. */
export function useRemembered(key: string): [string | undefined, (value: string) => void] {
  const read = useCallback(() => readRemembered(key), [key]);
  const value = useSyncExternalStore(subscribe, read, () => undefined);
  const set = useCallback((next: string) => remember(key, next), [key]);
  return [value, set];
}
