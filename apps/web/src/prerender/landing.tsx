/**
 * Build time only (scripts/prerender.mjs): the landing's markup as the app first renders it
 * at `/` for a signed-out visitor in English, before the catalogue arrives, so index.html
 * paints the first screen without waiting for scripts. Rendered by React's own static
 * renderer (`react-dom/static` `prerender`, decision 0031), which waits for the lazy page,
 * from the very element main.tsx hydrates, so hydration finds it unchanged.
 */

import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from '../app/app';
import { startLanguage } from '../lib/i18n';
import { MountedRoot } from './mount-app';

export async function renderLanding(): Promise<string> {
  await startLanguage('en');
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
