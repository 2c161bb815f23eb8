/**
 * A name or mobile typed at sign-in that differs from the account's. Signing in never
 * rewrites a known account (docs/decisions/0016): the difference is kept here, for this tab
 * only (sessionStorage, none of the spec's local-storage keys), until the profile has offered
 * it and the person chose Update or Keep current.
 */
import type { Language } from '@tern/contract/languages';
import { createExternalStore, useExternalStore } from './external-store';
import type { Translate } from './i18n/use-t';

export type OfferedChange = 'name' | 'mobile';

export interface DetailsOffer {
  /** The account the offer is for; another account signed in later never sees it. */
  email: string;
  /** The details the account would have after Update: the typed ones where they differ. */
  name: string;
  mobile: string;
  /** What differs, in the form's order; never empty. */
  changes: readonly OfferedChange[];
}

const storageKey = 'tern:details-offer';

function readOffer(): DetailsOffer | undefined {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    return raw ? parseOffer(JSON.parse(raw)) : undefined;
  } catch {
    return undefined; // no storage, or not ours
  }
}

function parseOffer(value: unknown): DetailsOffer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { email, name, mobile, changes } = value as Record<string, unknown>;
  if (typeof email !== 'string' || typeof name !== 'string' || typeof mobile !== 'string') {
    return undefined;
  }
  if (!Array.isArray(changes)) return undefined;
  const known = changes.filter((change): change is OfferedChange =>
    ['name', 'mobile'].includes(change as string),
  );
  return known.length > 0 ? { email, name, mobile, changes: known } : undefined;
}

function writeOffer(offer: DetailsOffer | undefined): void {
  try {
    if (offer) window.sessionStorage.setItem(storageKey, JSON.stringify(offer));
    else window.sessionStorage.removeItem(storageKey);
  } catch {
    // Without storage the offer lasts as long as the page.
  }
}

const store = createExternalStore<DetailsOffer | undefined>(readOffer());

export const detailsOffer = {
  get: () => store.get(),
  /** Keeps the offer (undefined: nothing to offer, and an older offer goes). */
  set(offer: DetailsOffer | undefined): void {
    writeOffer(offer);
    store.set(offer);
  },
  clear(): void {
    detailsOffer.set(undefined);
  },
};

/** The offer for this account, if one waits. */
export function useDetailsOffer(email: string): DetailsOffer | undefined {
  const offer = useExternalStore(store);
  return offer?.email === email ? offer : undefined;
}

/**
 * The question the profile asks, naming what differs, in the profile's messages of the
 * language on screen (in English the contract's words). In Arabic the name is isolated in its
 * own direction and the mobile number held left to right.
 */
export function offerQuestion(
  offer: DetailsOffer,
  words: { t: Translate; language: Language },
): string {
  const { t, language } = words;
  const isolate = (text: string, open: string) =>
    language === 'ar' ? `${open}${text}\u2069` : text;
  const name = isolate(offer.name, '\u2068');
  const mobile = isolate(offer.mobile, '\u2066');
  const changesName = offer.changes.includes('name');
  const changesMobile = offer.changes.includes('mobile');
  if (changesName && changesMobile) return t('profile.offer.differentBoth', { name, mobile });
  if (changesName) return t('profile.offer.differentName', { name });
  return t('profile.offer.differentMobile', { mobile });
}
