// Checks that the Arabic and French help content has exactly the English shape (ids, anchors, blocks, steps, images) with real text throughout.
import type { Language } from '@tern/contract/languages';
import { describe, expect, it } from 'vitest';
import type { ContentBlock } from './content-block';
import { englishHelpContent, helpContentFor } from './content-by-language';
import type { FaqCategory } from './faq';
import type { GuideStep } from './guide-steps';
import type { HelpContent } from './help-content';
import type { LegalSection } from './legal';
import type { HelpPageTexts } from './page-texts';

const brand = 'Skylark';
const translations: Language[] = ['ar', 'fr'];

/** A block's kind and, for a list, how many items it has. */
function blockShape(block: ContentBlock): string {
  return block.kind === 'list' ? `list:${block.items.length}` : 'paragraph';
}

function blockTexts(block: ContentBlock): string[] {
  return block.kind === 'paragraph' ? [block.text] : block.items;
}

function faqShape(categories: FaqCategory[]) {
  return categories.map((category) => ({
    id: category.id,
    items: category.items.map((item) => ({ id: item.id, answer: item.answer.map(blockShape) })),
  }));
}

function legalShape(sections: LegalSection[]) {
  return sections.map((section) => ({ id: section.id, blocks: section.blocks.map(blockShape) }));
}

function guideShape(steps: GuideStep[]) {
  return steps.map((step) => ({ image: step.image, instructions: step.instructions.length }));
}

/** Every text of a content set, each with where it comes from, for the emptiness check. */
function allTexts(content: HelpContent): [string, string][] {
  const texts: [string, string][] = [];
  for (const category of content.faqCategories(brand)) {
    texts.push([category.id, category.title]);
    for (const item of category.items) {
      texts.push([item.id, item.question]);
      for (const block of item.answer)
        for (const text of blockTexts(block)) texts.push([item.id, text]);
    }
  }
  for (const steps of [content.iphoneSteps, content.androidSteps]) {
    for (const step of steps) {
      for (const text of [step.title, step.imageAlt, ...step.instructions])
        texts.push([step.image, text]);
    }
  }
  for (const sections of [content.termsSections(brand), content.privacySections(brand)]) {
    for (const section of sections) {
      texts.push([section.id, section.heading]);
      for (const block of section.blocks)
        for (const text of blockTexts(block)) texts.push([section.id, text]);
    }
  }
  collectPageTexts(content.pageTexts(brand), 'pageTexts', texts);
  return texts;
}

function collectPageTexts(value: unknown, path: string, texts: [string, string][]): void {
  if (typeof value === 'string') texts.push([path, value]);
  else if (typeof value === 'function') texts.push([path, String(value(2, 11))]);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      collectPageTexts(child, `${path}.${key}`, texts);
  }
}

/** The nested keys of the pages' own words, so a missing or extra key shows by name. */
function pageTextKeys(texts: HelpPageTexts): string[] {
  const keys: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
    } else keys.push(path);
  };
  walk(texts, '');
  return keys.sort();
}

const htmlTag = /<\/?[a-z][^>]*>/i;

describe('help content by language', () => {
  it('gives English without loading anything', async () => {
    await expect(helpContentFor('en')).resolves.toBe(englishHelpContent);
  });

  for (const language of translations) {
    describe(language, () => {
      it('has the English FAQ categories, question ids and answer blocks, list for list', async () => {
        const content = await helpContentFor(language);
        expect(faqShape(content.faqCategories(brand))).toEqual(
          faqShape(englishHelpContent.faqCategories(brand)),
        );
      });

      it('has the 11 iPhone and 8 Android steps with the English illustrations, in order', async () => {
        const content = await helpContentFor(language);
        expect(content.iphoneSteps).toHaveLength(11);
        expect(content.androidSteps).toHaveLength(8);
        expect(guideShape(content.iphoneSteps)).toEqual(guideShape(englishHelpContent.iphoneSteps));
        expect(guideShape(content.androidSteps)).toEqual(
          guideShape(englishHelpContent.androidSteps),
        );
      });

      it('has the English terms and privacy sections with the same anchors and blocks', async () => {
        const content = await helpContentFor(language);
        expect(legalShape(content.termsSections(brand))).toEqual(
          legalShape(englishHelpContent.termsSections(brand)),
        );
        expect(legalShape(content.privacySections(brand))).toEqual(
          legalShape(englishHelpContent.privacySections(brand)),
        );
      });

      it('has every page text English has, and no other', async () => {
        const content = await helpContentFor(language);
        expect(pageTextKeys(content.pageTexts(brand))).toEqual(
          pageTextKeys(englishHelpContent.pageTexts(brand)),
        );
      });

      it('has no empty text, no HTML and no English left where the English text differs', async () => {
        const content = await helpContentFor(language);
        const texts = allTexts(content);
        const englishTexts = new Set(allTexts(englishHelpContent).map(([, text]) => text));
        for (const [where, text] of texts) {
          expect(text.trim(), where).not.toBe('');
          expect(text, where).not.toMatch(htmlTag);
        }
        const untranslated = texts.filter(
          ([, text]) => englishTexts.has(text) && /[a-z]{4,} [a-z]{4,}/i.test(text),
        );
        expect(untranslated).toEqual([]);
      });

      it('puts the brand name wherever the English text does', async () => {
        const content = await helpContentFor(language);
        const brandCount = (set: HelpContent) =>
          allTexts(set).filter(([, text]) => text.includes(brand)).length;
        expect(brandCount(content)).toBeGreaterThanOrEqual(brandCount(englishHelpContent) - 2);
      });
    });
  }

  it('keeps the legal facts in Arabic: 18, 14 days, USD 100, Lebanese law, Beirut, under 13', async () => {
    const content = await helpContentFor('ar');
    const terms = legalTexts(content.termsSections(brand));
    for (const fact of [
      '18 عاماً',
      '14 يوماً',
      '100 دولار أميركي',
      'للقانون اللبناني',
      'محاكم بيروت',
    ]) {
      expect(terms, fact).toContain(fact);
    }
    expect(legalTexts(content.privacySections(brand))).toContain('دون 13 عاماً');
  });

  it('keeps the legal facts in French: 18, 14 days, USD 100, Lebanese law, Beirut, under 13', async () => {
    const content = await helpContentFor('fr');
    const terms = legalTexts(content.termsSections(brand));
    for (const fact of [
      'au moins 18 ans',
      '14 jours',
      '100 USD',
      'droit libanais',
      'tribunaux de Beyrouth',
    ]) {
      expect(terms, fact).toContain(fact);
    }
    expect(legalTexts(content.privacySections(brand))).toContain('moins de 13 ans');
  });
});

function legalTexts(sections: LegalSection[]): string {
  return sections
    .flatMap((section) => [section.heading, ...section.blocks.flatMap(blockTexts)])
    .join('\n');
}
