/**
 * Which pages the build prerenders (scripts/prerender.mjs), and when the app may adopt one.
 * Each of the shop's languages has its own index (`index.html`, `index.ar.html`,
 * `index.fr.html`, chosen by the server from the visitor's stored or browser language): the
 * landing in the root, and the first screen of sign-in and the FAQ as text that the
 * page's inline script puts into the root when the address names them. All are rendered as
 * a signed-out visitor sees them before any answer from the server. The app hydrates one only
 * when it would render exactly that; otherwise it renders afresh over it.
 */
import { isLanguage, type Language } from '@tern/contract/languages';
import { currentLanguage } from '../lib/i18n';
import { session } from '../lib/session-store';
import { appStoreUrl, playStoreUrl } from '../lib/shop-settings';

/** `<div id="root" data-prerendered="sign-in">`: the page the root holds, removed once live. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** `<div id="root" data-lang="ar">`: the language the index was rendered in. */
export const PRERENDERED_LANGUAGE_ATTRIBUTE = 'data-lang';

/**
 * The pages prerendered, by the hash that opens each. Only these exact hashes: a FAQ link to
 * one question (`#/faq?q=…`) opens it, which the prerender did not.
 */
export const prerenderedPages = {
  landing: ['', '#', '#/'],
  'sign-in': ['#/sign-in'],
  faq: ['#/faq'],
} as const satisfies Record<string, readonly string[]>;

export type PrerenderedPage = keyof typeof prerenderedPages;

export function isPrerenderedPage(name: string | null): name is PrerenderedPage {
  return name !== null && Object.hasOwn(prerenderedPages, name);
}

/** The prerendered page this hash opens, if any. */
export function prerenderedPageAt(hash: string): PrerenderedPage | undefined {
  return (Object.keys(prerenderedPages) as PrerenderedPage[]).find((page) =>
    (prerenderedPages[page] as readonly string[]).includes(hash),
  );
}

/** What the root holds from the HTML: which page, in which language; undefined if nothing. */
export function prerenderedIn(
  container: HTMLElement,
): { page: PrerenderedPage; language: Language } | undefined {
  const page = container.getAttribute(PRERENDERED_ATTRIBUTE);
  const language = container.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE) ?? 'en';
  if (!isPrerenderedPage(page) || !isLanguage(language) || !container.firstElementChild) {
    return undefined;
  }
  return { page, language };
}

/**
 * The app would render now what the prerender rendered at build time. Everything must agree:
 * React's hydration (decision 0031) adopts the nodes as they stand, and a difference (a footer
 * with the app's store badges, a shop setting the build does not know, another language) makes
 * it throw the markup away and render the whole root again, slower than rendering afresh.
 */
export function rendersPrerenderedPage(page: PrerenderedPage, language: Language): boolean {
  return (
    prerenderedPageAt(window.location.hash) === page &&
    currentLanguage() === language &&
    session.get().client === undefined &&
    appStoreUrl === undefined &&
    playStoreUrl === undefined
  );
}
