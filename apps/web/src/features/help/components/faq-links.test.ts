import { describe, expect, it } from 'vitest';
import { faqCategories } from '../content/faq';
import {
  compatiblePhonesQuestionId,
  faqQuestionHref,
  openQuestion,
  requestedQuestion,
  toggleQuestion,
} from './faq-links';

describe('FAQ deep links', () => {
  const known = new Set(
    faqCategories('Tern').flatMap((category) => category.items.map((i) => i.id)),
  );

  it('link to the compatible-phones answer by its id', () => {
    expect(known.has(compatiblePhonesQuestionId)).toBe(true);
    expect(faqQuestionHref(compatiblePhonesQuestionId)).toBe('#/faq?q=compatible-phones');
  });

  it('open only questions the page has', () => {
    expect(requestedQuestion('compatible-phones', known)).toBe('compatible-phones');
    expect(requestedQuestion('no-such-question', known)).toBeUndefined();
    expect(requestedQuestion('', known)).toBeUndefined();
    expect(requestedQuestion(null, known)).toBeUndefined();
  });
});

describe('FAQ panels', () => {
  it('toggle one question without touching the others', () => {
    const opened = toggleQuestion(new Set(['a']), 'b');
    expect([...opened].sort()).toEqual(['a', 'b']);
    expect([...toggleQuestion(opened, 'a')]).toEqual(['b']);
  });

  it('leave the set unchanged when opening a question that is already open', () => {
    const open = new Set(['a']);
    expect(openQuestion(open, 'a')).toBe(open);
    expect([...openQuestion(open, 'b')].sort()).toEqual(['a', 'b']);
  });
});
