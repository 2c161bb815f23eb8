/**
 * In-process news that a database's catalogue changed, so the API's caches of answers for
 * that database load the new version; the sync waits for them. Other instances learn it by
 * polling (see ./answer-cache.ts).
 */
import type { Db } from '../../db/client';

type Listener = () => void | Promise<void>;
const listeners = new WeakMap<Db, Set<Listener>>();

/** Calls `listener` after each sync of this database; returns the unsubscribe function. */
export function onCatalogChanged(db: Db, listener: Listener): () => void {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells every listener; resolves when all are done (a listener reports its own failures). */
export async function notifyCatalogChanged(db: Db): Promise<void> {
  await Promise.allSettled([...(listeners.get(db) ?? [])].map(async (listener) => listener()));
}
