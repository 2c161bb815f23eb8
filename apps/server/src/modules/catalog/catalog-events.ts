/**
 * In-process news that a database's catalogue changed, so the API's cache of answers for
 * that database is dropped at once. Other instances learn it by polling (see ./cache.ts).
 */
import type { Db } from '../../db/client';

type Listener = () => void;
const listeners = new WeakMap<Db, Set<Listener>>();

/** Calls `listener` after each sync of this database; returns the unsubscribe function. */
export function onCatalogChanged(db: Db, listener: Listener): () => void {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

export function notifyCatalogChanged(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
}
