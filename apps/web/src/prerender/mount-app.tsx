/**
 * Puts the app on the page. index.html carries a page prerendered at build time (the landing,
 * or sign-in or the FAQ moved in by its inline script, in the language the server chose), so
 * its first screen paints before any script runs; here it is hydrated (hydrateRoot) when the
 * app would render exactly that markup (that page, in that language, signed out), once the
 * page's code has loaded, so the first client render matches it. Anywhere else (another page
 * or language, signed in) the app renders afresh, replacing whatever is there.
 * Until hydrated, the prerendered root is `inert`: a click or a keystroke on markup without
 * its handlers would be lost, so none is taken (and browser tests wait for it, as for a page
 * still loading).
 */
import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadPrerenderedPage } from '../app/router';
import {
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_LANGUAGE_ATTRIBUTE,
  prerenderedIn,
  rendersPrerenderedPage,
} from './prerendered-page';

export async function mountApp(container: HTMLElement, app: ReactNode): Promise<void> {
  const prerendered = prerenderedIn(container);
  const hashAtStart = window.location.hash;
  const live = () => {
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    container.removeAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    container.removeAttribute('inert');
    // Hydration yields to the browser between components: an address changed meanwhile (back,
    // a typed #/sign-in) came after the router read it and before it listened, so it never
    // heard of it. Said again once the app is on the page, the router goes there.
    if (window.location.hash !== hashAtStart) {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }
  };
  const root = <MountedRoot onMounted={live}>{app}</MountedRoot>;
  if (prerendered && rendersPrerenderedPage(prerendered.page, prerendered.language)) {
    const { page, language } = prerendered;
    // Its code first, or the page would hydrate later than the shell around it.
    const loaded = await preloadPrerenderedPage(page).then(
      () => true,
      () => false,
    );
    // A route that moved meanwhile, or a failed chunk, renders something else: start afresh.
    if (loaded && rendersPrerenderedPage(page, language)) {
      // The prerender rendered this very tree, so React adopts the nodes as they are; any
      // difference would throw them away and render the root again (decision 0031). As a
      // transition, hydration yields to the browser between components instead of holding
      // the main thread until it is done.
      startTransition(() => {
        hydrateRoot(container, root);
      });
      return;
    }
  }
  live();
  // Not a transition: a page rendered afresh has nothing on screen yet, and as one its first
  // paint came later (Arabic sign-in 2.02 to 2.53 s, issue 27).
  createRoot(container).render(root);
}

/**
 * The app, and a call once it is on the page (hydrated or rendered). The build's prerender
 * renders it too (with nothing to call), so server and client trees are the same.
 */
export function MountedRoot({
  onMounted,
  children,
}: {
  onMounted: () => void;
  children: ReactNode;
}) {
  useEffect(onMounted, []);
  return children;
}
