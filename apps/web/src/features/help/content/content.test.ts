// Checks that the help content carries the spec's facts, keeps its shape and ships well-behaved illustrations.
import { describe, expect, it } from 'vitest';
import type { ContentBlock } from './content-block';
import { faqCategories } from './faq';
import { androidSteps, type GuideStep, iphoneSteps } from './guide-steps';
import { type LegalSection, legalLastUpdated } from './legal';
import { privacySections } from './privacy';
import { termsSections } from './terms';

const brand = 'Skylark';

function blocksText(blocks: ContentBlock[]): string {
  return blocks
    .map((block) => (block.kind === 'paragraph' ? block.text : block.items.join('\n')))
    .join('\n');
}

function legalText(sections: LegalSection[]): string {
  return sections.map((section) => `${section.heading}\n${blocksText(section.blocks)}`).join('\n');
}

const htmlTag = /<\/?[a-z][^>]*>/i;
const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('FAQ', () => {
  const categories = faqCategories(brand);
  const items = categories.flatMap((category) => category.items);

  it('has the four categories in the page order, each with at least five questions', () => {
    expect(categories.map((category) => category.title)).toEqual([
      'About eSIMs',
      'Using your eSIM',
      'eSIM Bundle Details',
      'Troubleshooting',
    ]);
    for (const category of categories) expect(category.items.length).toBeGreaterThanOrEqual(5);
    expect(items.length).toBeGreaterThanOrEqual(24);
  });

  it('gives every category and question a unique kebab-case id', () => {
    const ids = [...categories.map((category) => category.id), ...items.map((item) => item.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(kebabCase);
  });

  it('answers every question with non-empty plain text', () => {
    for (const item of items) {
      expect(item.question.trim()).not.toBe('');
      expect(item.answer.length).toBeGreaterThan(0);
      for (const block of item.answer) {
        const texts = block.kind === 'paragraph' ? [block.text] : block.items;
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) {
          expect(text.trim()).not.toBe('');
          expect(text).not.toMatch(htmlTag);
        }
      }
    }
  });

  it('explains each installation error in its own troubleshooting question, with a list of causes', () => {
    const troubleshooting = categories[3]?.items ?? [];
    for (const error of [
      'Unable to Complete Cellular Plan Change',
      'This code is no longer valid',
      'PDP Authentication Failure',
      'Cellular Plans From This Carrier Cannot be Added',
    ]) {
      const matching = troubleshooting.filter((item) => item.question.includes(error));
      expect(matching, error).toHaveLength(1);
      expect(matching[0]?.answer.some((block) => block.kind === 'list')).toBe(true);
    }
  });

  it('tells how to check a phone for eSIM support and being unlocked', () => {
    const compatible = items.find((item) => item.id === 'compatible-phones');
    expect(compatible).toBeDefined();
    const text = blocksText(compatible?.answer ?? []);
    expect(text).toContain('*#06#');
    expect(text).toContain('EID');
    expect(text).toContain('unlocked');
    expect(text).toContain('iPhone XS');
    const all = items.map((item) => blocksText(item.answer)).join('\n');
    expect(all).toContain('Settings > General > About');
    expect(all).toContain('No SIM restrictions');
  });

  it('states the bundle rules from the spec', () => {
    const all = items.map((item) => `${item.question}\n${blocksText(item.answer)}`).join('\n');
    for (const fact of [
      'no auto-renew',
      'cannot choose a start date',
      'only one device at a time',
      'not carried over',
      'does not extend the validity',
      'up to 10 minutes',
      '24/7',
      'My eSIMs > Topup',
      'PDF',
      'Wait 10 minutes',
    ]) {
      expect(all, fact).toContain(fact);
    }
  });
});

describe('setup guide', () => {
  // The same URLs the steps import (Vite may inline small SVGs as data URLs), keyed by file.
  const imageUrls = import.meta.glob<string>('../assets/guide/*.svg', {
    import: 'default',
    eager: true,
  });

  function expectWellFormed(steps: GuideStep[], device: 'iphone' | 'android') {
    steps.forEach((step, index) => {
      expect(step.title.trim()).not.toBe('');
      expect(step.instructions.length).toBeGreaterThanOrEqual(2);
      for (const instruction of step.instructions) expect(instruction).not.toMatch(htmlTag);
      expect(step.imageAlt.trim().length).toBeGreaterThan(10);
      const file = `../assets/guide/${device}-${String(index + 1).padStart(2, '0')}.svg`;
      expect(imageUrls[file], file).toBeDefined();
      expect(step.image, step.title).toBe(imageUrls[file]);
    });
  }

  it('walks through 11 iPhone steps, each with instructions, an image and alt text', () => {
    expect(iphoneSteps).toHaveLength(11);
    expectWellFormed(iphoneSteps, 'iphone');
  });

  it('walks through 8 Android steps, each with instructions, an image and alt text', () => {
    expect(androidSteps).toHaveLength(8);
    expectWellFormed(androidSteps, 'android');
  });

  it('advises keeping the eSIM off until arrival, then turning on roaming, and waiting up to 10 minutes', () => {
    for (const steps of [iphoneSteps, androidSteps]) {
      const text = steps.flatMap((step) => [step.title, ...step.instructions]).join('\n');
      expect(text).toContain('*#06#');
      expect(text).toMatch(/until you arrive/);
      expect(text).toMatch(/Roaming/);
      expect(text).toContain('up to 10 minutes');
      expect(text).toContain('My eSIMs > Usage');
    }
  });
});

describe('guide illustrations', () => {
  const svgs = import.meta.glob<string>('../assets/guide/*.svg', {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('ships one illustration per step', () => {
    expect(Object.keys(svgs)).toHaveLength(iphoneSteps.length + androidSteps.length);
  });

  it('keeps each illustration small, fixed-size and self-contained', () => {
    for (const [file, source] of Object.entries(svgs)) {
      expect(new TextEncoder().encode(source).length, file).toBeLessThan(4096);
      expect(source, file).toMatch(/^<svg [^>]*width="240" height="480" viewBox="0 0 240 480"/);
      expect(source, file).not.toMatch(/<script|href=|url\(|@import|<image|<foreignObject/i);
      expect(source, file).toContain('<text');
    }
  });
});

describe('legal pages', () => {
  const terms = termsSections(brand);
  const privacy = privacySections(brand);

  it('gives every section a unique kebab-case id and some text', () => {
    for (const sections of [terms, privacy]) {
      const ids = sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const section of sections) {
        expect(section.id).toMatch(kebabCase);
        expect(section.blocks.length).toBeGreaterThan(0);
        expect(blocksText(section.blocks)).not.toMatch(htmlTag);
      }
    }
  });

  it('sets the terms: age 18, 14-day refund, liability cap, Lebanese law and the courts of Beirut', () => {
    expect(terms.length).toBeGreaterThanOrEqual(10);
    const text = legalText(terms);
    expect(text).toContain('at least 18');
    expect(text).toContain('14 days');
    expect(text).toContain('not been installed or activated');
    expect(text).toContain('greater of the price you paid for your last plan or USD 100');
    expect(text).toContain('Lebanese law');
    expect(text).toContain('courts of Beirut');
  });

  it('covers privacy: children under 13, card data, e-mail codes and the rights to access, correct and delete', () => {
    expect(privacy.length).toBeGreaterThanOrEqual(9);
    const text = legalText(privacy);
    expect(text).toContain('under 13');
    expect(text).toContain('never receive or store your card data');
    expect(text).toContain('one-time code');
    for (const right of ['access', 'correct', 'delete']) expect(text).toContain(right);
    expect(text).toContain('contact form');
  });

  it('dates both pages', () => {
    expect(legalLastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('brand name', () => {
  it('is substituted everywhere and never hard-coded', () => {
    const all = JSON.stringify([
      faqCategories(brand),
      termsSections(brand),
      privacySections(brand),
    ]);
    expect(all).toContain(brand);
    expect(all).not.toMatch(/\{brand\}|\$\{/);
    expect(all).not.toMatch(/\bTern\b/);
  });
});
