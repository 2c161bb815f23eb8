import { detailsOfferTexts } from '@tern/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DetailsOffer, detailsOffer, offerQuestion } from './details-offer';
import { session } from './session-store';

const offer = (changes: DetailsOffer['changes']): DetailsOffer => ({
  email: 'maya@example.com',
  name: 'Jane Roe',
  mobile: '+33612345678',
  changes,
});

describe('the question the profile asks', () => {
  it('names what differs, in the contract’s words', () => {
    expect(offerQuestion(offer(['name']))).toBe(
      'You signed in with a different name: Jane Roe. Use it?',
    );
    expect(offerQuestion(offer(['mobile']))).toBe(
      detailsOfferTexts.differentMobile('+33612345678'),
    );
    expect(offerQuestion(offer(['name', 'mobile']))).toBe(
      detailsOfferTexts.differentBoth('Jane Roe', '+33612345678'),
    );
  });
});

describe('where the offer waits', () => {
  const local = new Map<string, string>();
  const tab = new Map<string, string>();
  const storageOf = (stored: Map<string, string>) => ({
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
    clear: () => stored.clear(),
  });
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: storageOf(local), sessionStorage: storageOf(tab) });
  });
  afterEach(() => {
    local.clear();
    tab.clear();
    vi.unstubAllGlobals();
  });

  it('keeps it in this tab’s session storage, out of the spec’s local storage', () => {
    detailsOffer.set(offer(['name']));
    expect([...tab.keys()]).toEqual(['tern:details-offer']);
    expect(JSON.parse(tab.get('tern:details-offer') ?? '')).toEqual(offer(['name']));
    expect(local.size).toBe(0);
    detailsOffer.clear();
    expect(tab.size).toBe(0);
  });

  it('forgets it at sign-out, with everything else', () => {
    detailsOffer.set(offer(['mobile']));
    session.signOut();
    expect(detailsOffer.get()).toBeUndefined();
    expect(tab.size).toBe(0);
  });
});
