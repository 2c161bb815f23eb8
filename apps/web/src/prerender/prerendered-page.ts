/**
 * Which page index.html holds prerendered (scripts/prerender.mjs): the landing at `/`, in
 * English, as a signed-out visitor sees it before the catalogue arrives. The app hydrates it
 * only when it would render exactly that; otherwise it renders afresh over it.
 */
import { currentLanguage } from '../lib/i18n';
import { session } from '../lib/session-store';
import { appStoreUrl, playStoreUrl } from '../lib/shop-settings';

/** `<div id="root" data-prerendered="landing">`: set by the prerender, removed with the markup. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDERED_PAGE = 'landing';

/** The hashes the hash router reads as `/`, the landing the prerender rendered. */
export function isLandingHash(hash: string): boolean {
  return hash === '' || hash === '#' || hash === '#/';
}

/**
 * The app would render now what the prerender rendered at build time. Everything must agree:
 * React's hydration (decision 0031) adopts the nodes as they stand, and a difference (a footer
 * with the app's store badges, a shop setting the build does not know) makes it throw the
 * markup away and render the whole root again, slower than rendering afresh from the start.
 */
export function rendersPrerenderedPage(): boolean {
  return (
    isLandingHash(window.location.hash) &&
    currentLanguage() === 'en' &&
    session.get().client === undefined &&
    appStoreUrl === undefined &&
    playStoreUrl === undefined
  );
}
