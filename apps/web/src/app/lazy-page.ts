// Pages loaded on demand, so the first visit downloads only the shell and the page it opens.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { completeEnglish } from '../lib/i18n';

/**
 * A page loaded on demand, so the first visit downloads only the page it opens. Apart from
 * the landing (`firstScriptWords`), a page shows once the rest of English is in too, fetched
 * beside its code (lib/i18n: the first script says only the shell's and the landing's words);
 * without it (offline before it was cached) the page still opens. Until then the layout's
 * Suspense shows PageFallback.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  words: 'firstScriptWords' | 'allWords' = 'allWords',
): LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> } {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= Promise.all([
      load(),
      words === 'allWords' ? completeEnglish().catch(() => undefined) : undefined,
    ]).then(
      ([Component]) => {
        loaded = { default: Component };
        return loaded;
      },
      (error: unknown) => {
        loading = undefined; // a page whose chunk failed is fetched again when next opened
        throw error;
      },
    );
    return loading;
  };
  // Code already here is handed over at once (React.lazy calls `then` and reads what it was
  // given before it would suspend), so a page preloaded before hydration hydrates with the rest.
  const page = lazy(() => (loaded ? alreadyLoaded(loaded) : preload()));
  return Object.assign(page, { preload });
}

/** A thenable that answers at once, where a promise would answer a tick later. */
function alreadyLoaded<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is the point: React.lazy reads it at once
  const thenable = { then: (resolve: (loaded: T) => void) => resolve(value) };
  return thenable as unknown as Promise<T>;
}
