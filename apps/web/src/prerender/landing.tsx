/**
 * Build time only (scripts/prerender.mjs): the landing's markup as the app first renders it
 * at `/` for a signed-out visitor in English, before the catalogue arrives, so index.html
 * paints the first screen without waiting for scripts. Rendered with Preact's string renderer
 * (decision 0027; the async one waits for lazy parts, as React's `prerender` did) from the
 * very element main.tsx mounts, so hydration finds it unchanged.
 */

import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { App } from '../app/app';
import { router } from '../app/router';
import { startLanguage } from '../lib/i18n';
import { MountedRoot } from './mount-app';

export async function renderLanding(): Promise<string> {
  await startLanguage('en');
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  // The very tree mount-app.tsx hydrates: main.tsx's element inside MountedRoot.
  return renderToStringAsync(
    <MountedRoot onMounted={() => {}}>
      <StrictMode>
        <App />
      </StrictMode>
    </MountedRoot>,
  );
}
