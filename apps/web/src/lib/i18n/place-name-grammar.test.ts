// Country names come into messages as they are, article and all ("Allemagne", "الولايات
// المتحدة"): a message must not need them to change. French cannot put "pour", "en" or "à"
// right before one ("pour Allemagne", "en Japon"), nor agree a participle after one
// ("Autriche ajouté"); Arabic cannot glue لـ or بـ to one that starts with ال (issue 26).
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

const translations = import.meta.glob<Record<string, string>>('../../locales/{ar,fr}/*.json', {
  eager: true,
  import: 'default',
});

/** Every message of a language, as `namespace.key` and its text. */
function messagesOf(language: 'ar' | 'fr'): [string, string][] {
  return Object.entries(translations).flatMap(([path, messages]) =>
    path.includes(`/${language}/`)
      ? Object.entries(messages).map(([key, text]): [string, string] => [
          `${path.replace(/^.*\//, '').replace(/\.json$/, '')}.${key}`,
          text,
        ])
      : [],
  );
}

/** The placeholders that receive a country's or a place's name. */
const PLACE = '\\{(?:name|names|country|destination)\\}';
const frenchPrepositionBeforePlace = new RegExp(`\\b(?:pour|en|à|au|aux|de|du|dans) ${PLACE}`);
const frenchParticipleAfterPlace = new RegExp(`${PLACE} (?:ajouté|retiré|supprimé|choisi)`);
const arabicPrefixOnPlace = new RegExp(`[لبك]ـ${PLACE}`);

describe('messages that take a country’s name (issue 26)', () => {
  it('never put a French preposition that needs an article right before it', () => {
    const slips = messagesOf('fr').filter(([, text]) => frenchPrepositionBeforePlace.test(text));
    expect(slips).toEqual([]);
  });

  it('never agree a French participle with it', () => {
    const slips = messagesOf('fr').filter(([, text]) => frenchParticipleAfterPlace.test(text));
    expect(slips).toEqual([]);
  });

  it('never glue an Arabic prefix to it', () => {
    const slips = messagesOf('ar').filter(([, text]) => arabicPrefixOnPlace.test(text));
    expect(slips).toEqual([]);
  });

  it('agree a French shared allowance with its amount: 1 Go partagé', () => {
    const intl = createIntl({ locale: 'fr', messages: Object.fromEntries(messagesOf('fr')) });
    const sharing = messagesOf('fr').filter(([, text]) => /\{data\}.*partagé/.test(text));
    expect(sharing.length).toBeGreaterThan(0);
    for (const [id] of sharing) {
      const one = intl.formatMessage({ id }, { data: '1 Go', amount: 1, count: 2 });
      expect(one, id).toContain('1 Go partagé ');
    }
  });

  it('catches the slips it is written for', () => {
    expect(frenchPrepositionBeforePlace.test('{data} pour {name}')).toBe(true);
    expect(frenchPrepositionBeforePlace.test('à partir de {price}')).toBe(false);
    expect(frenchParticipleAfterPlace.test('{name} ajouté')).toBe(true);
    expect(arabicPrefixOnPlace.test('{data} لـ{name}')).toBe(true);
  });
});
