/**
 * Build time only (scripts/prerender.mjs): each prerendered page's markup as the app first
 * renders it for a signed-out visitor in a language, before any answer from the server, so
 * the page paints its first screen without waiting for scripts. Rendered by React's own
 * static renderer (`react-dom/static` `prerender`, decision 0031), which waits for the lazy
 * page, from the very element main.tsx hydrates, so hydration finds it unchanged.
 */

import type { Language } from '@tern/contract/languages';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from '../app/app';
import { preloadHelpContent } from '../features/help/components/use-help-content';
import { startLanguage } from '../lib/i18n';
import { MountedRoot } from './mount-app';
import { type PrerenderedPage, prerenderedPages } from './prerendered-page';

export { prerenderedPages };

/**
 * The page at its hash, in the language. The caller's stand-in window (scripts/prerender.mjs)
 * has a location whose hash is set here, as the hash router reads it.
 */
export async function renderPage(page: PrerenderedPage, language: Language): Promise<string> {
  window.location.hash = prerenderedPages[page].at(-1) ?? '';
  await startLanguage(language);
  // The help pages' module fetches its content once, in the language current when it loads;
  // the build renders every language in one process.
  await preloadHelpContent(language);
  // The very tree mount-app.tsx hydrates: main.tsx's element inside MountedRoot.
  const { prelude } = await prerender(
    <MountedRoot onMounted={() => {}}>
      <StrictMode>
        <App />
      </StrictMode>
    </MountedRoot>,
    // One piece, in place: past 12,800 bytes React moves a finished Suspense boundary's
    // content (the page) to a hidden element at the end, revealed by an inline script the
    // page's content security policy refuses, and the first paint showed the fallback.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
