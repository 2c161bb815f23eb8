import { describe, expect, it } from 'vitest';
import {
  findTypeAheadMatch,
  noTypeAheadSearch,
  searchable,
  searchingAt,
  typedAt,
} from './type-ahead';

const options = [
  { name: 'Åland Islands', dialCode: '+358' },
  { name: 'Belgium', dialCode: '+32' },
  { name: 'Benin', dialCode: '+229' },
  { name: 'Brazil', dialCode: '+55' },
  { name: "Côte D'Ivoire", dialCode: '+225' },
  { name: 'Lebanon', dialCode: '+961' },
  { name: 'Lesotho', dialCode: '+266' },
];

describe('searchable', () => {
  it('drops accents and case', () => {
    expect(searchable("Côte D'Ivoire")).toBe("cote d'ivoire");
  });
});

describe('findTypeAheadMatch', () => {
  it('jumps to the first name that starts with the letters typed', () => {
    expect(findTypeAheadMatch(options, 'l', 0)).toBe(5);
    expect(findTypeAheadMatch(options, 'les', 5)).toBe(6);
    expect(findTypeAheadMatch(options, 'LEB', 0)).toBe(5);
  });

  it('keeps the active option while a longer query still matches it', () => {
    expect(findTypeAheadMatch(options, 'leb', 5)).toBe(5);
  });

  it('ignores accents in names', () => {
    expect(findTypeAheadMatch(options, 'a', 3)).toBe(0);
    expect(findTypeAheadMatch(options, 'cote', 0)).toBe(4);
  });

  it('moves on to the next name with the same initial when the letter is pressed again', () => {
    expect(findTypeAheadMatch(options, 'b', 1)).toBe(2);
    expect(findTypeAheadMatch(options, 'bb', 1)).toBe(2);
    expect(findTypeAheadMatch(options, 'b', 3)).toBe(1);
  });

  it('finds a calling code from its digits, with or without the plus', () => {
    expect(findTypeAheadMatch(options, '961', 0)).toBe(5);
    expect(findTypeAheadMatch(options, '+22', 0)).toBe(2);
  });

  it('finds nothing for letters no name starts with', () => {
    expect(findTypeAheadMatch(options, 'xy', 0)).toBeUndefined();
    expect(findTypeAheadMatch([], 'a', 0)).toBeUndefined();
  });
});

describe('typedAt', () => {
  const typed = (keys: [string, number][]) =>
    keys.reduce((search, [key, at]) => typedAt(search, key, at), noTypeAheadSearch);

  it('makes one word of keys typed less than half a second apart, however late they are handled', () => {
    expect(
      typed([
        ['f', 1_000],
        ['r', 1_400],
        ['a', 1_900],
      ]).text,
    ).toBe('fra');
  });

  it('starts a new word after a longer pause', () => {
    expect(
      typed([
        ['f', 1_000],
        ['r', 1_501],
      ]).text,
    ).toBe('r');
  });

  it('counts a space as part of the word only while a search is under way', () => {
    const search = typed([
      ['c', 1_000],
      ['o', 1_100],
    ]);
    expect(searchingAt(search, 1_500)).toBe(true);
    expect(searchingAt(search, 1_601)).toBe(false);
    expect(searchingAt(noTypeAheadSearch, 0)).toBe(false);
  });
});
