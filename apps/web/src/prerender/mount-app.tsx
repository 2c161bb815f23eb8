/**
 * Puts the app on the page. index.html carries the landing prerendered at build time, so its
 * first screen paints before any script runs; here it is hydrated (hydrateRoot) when the app
 * would render exactly that markup (the landing, in English, signed out), once the landing's
 * code has loaded, so the first client render matches it. Anywhere else (another
 * page, Arabic or French, signed in) the app renders afresh, replacing whatever is there.
 * Until hydrated, the prerendered root is `inert`: a click or a keystroke on markup without
 * its handlers would be lost, so none is taken (and browser tests wait for it, as for a page
 * still loading).
 */
import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadLandingPage } from '../app/router';
import {
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_PAGE,
  rendersPrerenderedPage,
} from './prerendered-page';

export async function mountApp(container: HTMLElement, app: ReactNode): Promise<void> {
  const prerendered =
    container.getAttribute(PRERENDERED_ATTRIBUTE) === PRERENDERED_PAGE &&
    container.firstElementChild !== null;
  const live = () => {
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    container.removeAttribute('inert');
  };
  const root = <MountedRoot onMounted={live}>{app}</MountedRoot>;
  if (prerendered && rendersPrerenderedPage()) {
    // Its code first, or the page would hydrate later than the shell around it.
    const loaded = await preloadLandingPage().then(
      () => true,
      () => false,
    );
    // A route that moved meanwhile, or a failed chunk, renders something else: start afresh.
    if (loaded && rendersPrerenderedPage()) {
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
