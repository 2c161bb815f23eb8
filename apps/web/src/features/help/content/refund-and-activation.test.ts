// The help pages tell the profile's refund and the plan pages' "Activate before your trip" as the shop does them, in every language (issue 26, points 6 and 18).
import type { Language } from '@tern/contract/languages';
import { describe, expect, it } from 'vitest';
import { englishNamespaces } from '../../../locales/en';
import type { ContentBlock } from './content-block';
import { helpContentFor } from './content-by-language';

const brand = 'Skylark';
const languages: Language[] = ['en', 'ar', 'fr'];

const catalogues = import.meta.glob<Record<string, string>>('../../../locales/{ar,fr}/*.json', {
  eager: true,
  import: 'default',
});

/** A message as the traveller reads it on screen in that language (profile or plans page). */
function onScreen(language: Language, namespace: 'profile' | 'plans', key: string): string {
  const english: Record<string, string> = englishNamespaces[namespace];
  const text =
    language === 'en'
      ? english[key]
      : catalogues[`../../../locales/${language}/${namespace}.json`]?.[key];
  if (!text) throw new Error(`${language} ${namespace}.${key} is missing`);
  return text;
}

function blocksText(blocks: readonly ContentBlock[]): string {
  return blocks
    .map((block) => (block.kind === 'paragraph' ? block.text : block.items.join('\n')))
    .join('\n');
}

/** How each language used to send a refund request to the contact form. */
const contactFormWords: Record<Language, string> = {
  en: 'contact form',
  ar: 'نموذج التواصل',
  fr: 'formulaire de contact',
};

async function refundTexts(language: Language): Promise<{ faq: string; terms: string }> {
  const content = await helpContentFor(language);
  const faq = content
    .faqCategories(brand)
    .flatMap((category) => category.items)
    .find((item) => item.id === 'refunds');
  const terms = content.termsSections(brand).find((section) => section.id === 'refunds');
  if (!faq || !terms) throw new Error(`${language}: no refund answer or terms section`);
  return { faq: blocksText(faq.answer), terms: blocksText(terms.blocks) };
}

/** "Activate before your trip", the plan pages' bullet up to its colon, in that language. */
function activateBullet(language: Language): string {
  const bullet = onScreen(language, 'plans', 'benefit.activate');
  return bullet.slice(0, bullet.indexOf(':')).trim();
}

describe.each(languages)('the refund policy in %s', (language) => {
  it("sends the FAQ and the terms to the profile's Request refund, not to the contact form", async () => {
    const button = onScreen(language, 'profile', 'esim.refund');
    const myEsims = onScreen(language, 'profile', 'tabs.esims');
    for (const [where, text] of Object.entries(await refundTexts(language))) {
      expect(text, where).toContain(button);
      expect(text, where).toContain(myEsims);
      expect(text, where).toContain('14');
      expect(text, where).toContain('ICCID');
      expect(text, where).not.toContain(contactFormWords[language]);
    }
  });
});

describe('the refund policy in English', () => {
  it('says the same in the FAQ and the terms: 14 days, never installed, the card, delivery failures', async () => {
    for (const text of Object.values(await refundTexts('en'))) {
      for (const fact of [
        '14 days of purchase',
        'not been installed or activated',
        'Request refund',
        'card',
        'failed to deliver',
        'contact our support team',
      ]) {
        expect(text, fact).toContain(fact);
      }
    }
  });
});

describe.each(languages)('the setup guide and the FAQ in %s', (language) => {
  it('explain "Activate before your trip": install first, switch on on arrival, days from the first connection', async () => {
    const content = await helpContentFor(language);
    const note = content.pageTexts(brand).guide.beforeYouTravel;
    expect(note.heading.trim()).not.toBe('');
    expect(note.steps).toHaveLength(4);
    expect(note.steps.join('\n')).toContain(activateBullet(language));

    const whenToInstall = content
      .faqCategories(brand)
      .flatMap((category) => category.items)
      .find((item) => item.id === 'when-to-install');
    expect(blocksText(whenToInstall?.answer ?? [])).toContain(activateBullet(language));
  });
});

describe('the setup guide in English', () => {
  it('keeps the line and data roaming off until arrival and counts the days from the first connection in a covered country', async () => {
    const { steps } = (await helpContentFor('en')).pageTexts(brand).guide.beforeYouTravel;
    expect(steps).toEqual([
      expect.stringContaining('Install the eSIM before you travel'),
      expect.stringContaining('line off, with data roaming off, until you arrive'),
      expect.stringContaining('When you arrive, turn the eSIM line and its data roaming on'),
      expect.stringContaining(
        'days start only when the eSIM first connects to a network in a country the plan covers',
      ),
    ]);
  });
});
