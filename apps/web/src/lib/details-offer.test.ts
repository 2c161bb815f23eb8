import { detailsOfferTexts } from '@tern/contract/account-texts';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import arabicProfile from '../locales/ar/profile.json';
import { englishMessages } from '../locales/en';
import frenchProfile from '../locales/fr/profile.json';
import { type DetailsOffer, detailsOffer, offerQuestion } from './details-offer';
import type { Translate } from './i18n/use-t';
import { session } from './session-store';

const offer = (changes: DetailsOffer['changes']): DetailsOffer => ({
  email: 'maya@example.com',
  name: 'Jane Roe',
  mobile: '+33612345678',
  changes,
});

describe('the question the profile asks', () => {
  const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: englishMessages });
  const inEnglish = {
    t: ((id, values) => english.formatMessage({ id }, values)) satisfies Translate,
    language: 'en' as const,
  };

  it('names what differs, in the contract’s words', () => {
    expect(offerQuestion(offer(['name']), inEnglish)).toBe(
      'You signed in with a different name: Jane Roe. Use it?',
    );
    expect(offerQuestion(offer(['mobile']), inEnglish)).toBe(
      detailsOfferTexts.differentMobile('+33612345678'),
    );
    expect(offerQuestion(offer(['name', 'mobile']), inEnglish)).toBe(
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

describe('the question in Arabic and French', () => {
  const wordsIn = (language: 'ar' | 'fr') => {
    const translated = language === 'ar' ? arabicProfile : frenchProfile;
    const messages = {
      ...englishMessages,
      ...Object.fromEntries(
        Object.entries(translated).map(([key, text]) => [`profile.${key}`, text]),
      ),
    };
    const intl = createIntl({ locale: language, defaultLocale: 'en', messages });
    const t: Translate = (id, values) => intl.formatMessage({ id }, values);
    return { t, language };
  };

  it('asks in French, naming what differs', () => {
    expect(offerQuestion(offer(['name', 'mobile']), wordsIn('fr'))).toBe(
      'Le nom et le numéro de mobile saisis à la connexion sont différents\u00a0: Jane Roe, +33612345678. Les utiliser\u00a0?',
    );
  });

  it('asks in Arabic with the name isolated and the number left to right', () => {
    expect(offerQuestion(offer(['mobile']), wordsIn('ar'))).toBe(
      'سجّلت الدخول برقم هاتف محمول مختلف: \u2066+33612345678\u2069. هل تريد اعتماده؟',
    );
    expect(offerQuestion(offer(['name']), wordsIn('ar'))).toBe(
      'سجّلت الدخول باسم مختلف: \u2068Jane Roe\u2069. هل تريد اعتماده؟',
    );
  });
});
