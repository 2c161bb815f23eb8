/**
 * The shell's one loading flag (spec section 3). A counter, so overlapping tasks keep the
 * overlay up until the last one ends.
 */
import { createExternalStore, useExternalStore } from './external-store';

const pending = createExternalStore(0);
const isLoadingStore = {
  get: () => pending.get() > 0,
  set: () => {},
  subscribe: pending.subscribe,
};

/** Shows the full-screen spinner while the task runs, whatever its outcome. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  pending.set(pending.get() + 1);
  try {
    return await task();
  } finally {
    pending.set(pending.get() - 1);
  }
}

export function useIsLoading(): boolean {
  return useExternalStore(isLoadingStore);
}
