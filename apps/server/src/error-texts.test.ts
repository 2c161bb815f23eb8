import {
  accountMessages,
  catalogErrorMessages,
  codeRefusals,
  errorMessages,
  languages,
  orderMessages,
  profileMessages,
} from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { errorTexts, sayFieldMessage, tooManyRequestsTexts } from './error-texts';
import { type ErrorMessage, sayError } from './errors';

const others = languages.filter((language) => language !== 'en');

/** Every English message of the tables as `group.key` → text. */
function flatten(table: object): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [group, messages] of Object.entries(table)) {
    for (const [key, text] of Object.entries(messages as Record<string, string>)) {
      flat.set(`${group}.${key}`, text);
    }
  }
  return flat;
}

const english = flatten(errorTexts.en);

describe('the API error texts', () => {
  it('take English word for word from the contract', () => {
    expect(english.get('codeRefusals.wrong')).toBe(codeRefusals.wrong);
    expect(english.get('errorMessages.generic')).toBe(errorMessages.generic);
    expect(english.get('catalogErrorMessages.countryNotFound')).toBe(
      catalogErrorMessages.countryNotFound,
    );
    expect(english.get('profileMessages.ledgerEntryNotFound')).toBe(
      profileMessages.ledgerEntryNotFound,
    );
    expect(english.get('orderMessages.orderNotFound')).toBe(orderMessages.orderNotFound);
  });

  it('keep the success answers English (the web branches on their words)', () => {
    for (const key of ['codeSentToNewUser', 'alreadyRegistered', 'verifyUser', 'signedIn']) {
      expect(english.has(`accountMessages.${key}`), key).toBe(false);
    }
    for (const language of others) {
      expect(sayFieldMessage(accountMessages.alreadyRegistered, language)).toBe(
        accountMessages.alreadyRegistered,
      );
    }
  });

  it.each(others)('give every English message a %s one', (language) => {
    const translated = flatten(errorTexts[language]);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) expect(text.trim(), key).not.toBe('');
  });

  it.each(others)('translate every English message into %s rather than copy it', (language) => {
    const translated = flatten(errorTexts[language]);
    for (const [key, text] of english) expect(translated.get(key), key).not.toBe(text);
  });

  it.each(others)('say one English text the same way in %s wherever it appears', (language) => {
    const translated = flatten(errorTexts[language]);
    const byEnglish = new Map<string, string>();
    for (const [key, text] of english) {
      const said = translated.get(key) ?? '';
      const earlier = byEnglish.get(text);
      if (earlier !== undefined) expect(said, key).toBe(earlier);
      byEnglish.set(text, said);
    }
  });

  it('answers a message in the language asked for, and English as it is', () => {
    expect(sayError({ key: 'codeRefusals.wrong' }, 'en')).toBe(codeRefusals.wrong);
    expect(sayError({ key: 'codeRefusals.wrong' }, 'fr')).toBe(
      'Ce code n’est pas le bon. Vérifiez l’e-mail et réessayez.',
    );
    expect(sayError({ key: 'catalogErrorMessages.countryNotFound' }, 'ar')).toBe(
      'لم يُعثر على البلد',
    );
    // Both names of one text (orders and profile) say it the same way.
    expect(sayError({ key: 'profileMessages.emailMismatch' }, 'fr')).toBe(
      errorTexts.fr.orderMessages.emailMismatch,
    );
  });

  it('says a field message the contract words in the language asked for', () => {
    expect(sayFieldMessage(accountMessages.invalidEmail, 'en')).toBe(accountMessages.invalidEmail);
    expect(sayFieldMessage(accountMessages.invalidEmail, 'fr')).toBe(
      'Veuillez saisir une adresse e-mail valide',
    );
    expect(sayFieldMessage(orderMessages.nameRequired, 'ar')).toBe('الاسم مطلوب');
  });

  it('leaves a field message it does not know in English', () => {
    expect(sayFieldMessage('Expected string, received number', 'ar')).toBe(
      'Expected string, received number',
    );
  });

  it('says how long to wait after too many requests, in each language', () => {
    const waiting = (seconds: number): ErrorMessage => ({
      key: 'tooManyRequests',
      params: { retryAfterSeconds: seconds },
    });
    for (const seconds of [30, 60, 61, 120, 600, 3600]) {
      const minutes = Math.ceil(seconds / 60);
      const message = sayError(waiting(seconds), 'en');
      expect(tooManyRequestsTexts.en(minutes)).toBe(message);
      for (const language of others) {
        expect(sayError(waiting(seconds), language)).toBe(tooManyRequestsTexts[language](minutes));
        expect(sayError(waiting(seconds), language)).not.toBe(message);
      }
    }
    expect(sayError(waiting(30), 'en')).toBe('Too many requests. Please try again in a minute.');
    expect(sayError(waiting(3600), 'en')).toBe(
      'Too many requests. Please try again in 60 minutes.',
    );
    expect(sayError(waiting(60), 'fr')).toBe(
      'Trop de demandes. Veuillez réessayer dans une minute.',
    );
    expect(sayError(waiting(120), 'ar')).toBe('طلبات كثيرة جدًا. يُرجى المحاولة مجددًا بعد دقيقتين.');
    expect(sayError(waiting(300), 'ar')).toBe('طلبات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 5 دقائق.');
  });

  it("says the stand-in provider's refusals in English whatever the language", () => {
    const missing: ErrorMessage = { key: 'standIn.esimNotFound', params: { iccid: '8944' } };
    for (const language of languages) {
      expect(sayError(missing, language)).toBe('eSIM 8944 not found');
    }
  });
});
