import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance';

describe('the edit distance between what was typed and a name', () => {
  it('counts a swap of two neighbours as one slip', () => {
    expect(editDistance('frnace', 'france', 2)).toBe(1);
    expect(editDistance('itlay', 'italy', 2)).toBe(1);
  });

  it('counts letters left out, added or replaced', () => {
    expect(editDistance('japn', 'japan', 2)).toBe(1);
    expect(editDistance('francee', 'france', 2)).toBe(1);
    expect(editDistance('brasil', 'brazil', 2)).toBe(1);
    expect(editDistance('grmny', 'germany', 2)).toBe(2);
    expect(editDistance('france', 'france', 2)).toBe(0);
  });

  it('works on Arabic letters as on Latin ones', () => {
    expect(editDistance('فرنصا', 'فرنسا', 1)).toBe(1);
  });

  it('answers limit + 1 as soon as the names are further apart than the limit', () => {
    expect(editDistance('jpn', 'japan', 1)).toBe(2);
    expect(editDistance('chad', 'switzerland', 2)).toBe(3);
    expect(editDistance('abcd', 'wxyz', 2)).toBe(3);
  });
});
