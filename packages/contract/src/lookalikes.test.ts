import { describe, expect, it } from 'vitest';
import { derivedLookalikePairs, editDistance, lookalikeRule } from './lookalike-rule';
import { lookalikePairs, lookalikesOf } from './lookalikes';

const ruleSources = new Set(['edit-distance', 'name-inside-name']);
const key = (pair: readonly [string, string]) => pair.join('/');

describe('look-alike destinations', () => {
  it('offers Australia for Austria, and Austria for Australia', () => {
    expect(lookalikesOf('AT')).toContain('AU');
    expect(lookalikesOf('au')).toContain('AT');
  });

  it('holds every pair issue 31 names', () => {
    const named = [
      ['AT', 'AU'],
      ['NE', 'NG'],
      ['DM', 'DO'],
      ['SK', 'SI'],
      ['GN', 'GQ'],
      ['GN', 'GW'],
      ['GQ', 'GW'],
      ['CG', 'CD'],
      ['SD', 'SS'],
      ['IS', 'IE'],
    ] as const;
    for (const [a, b] of named) {
      expect(lookalikesOf(a), `${a} offers ${b}`).toContain(b);
      expect(lookalikesOf(b), `${b} offers ${a}`).toContain(a);
    }
    const fromIssue = lookalikePairs.filter((entry) => entry.from.includes('issue'));
    expect(fromIssue).toHaveLength(named.length);
  });

  it('is symmetric: whoever is offered a country is offered back', () => {
    for (const iso of new Set(lookalikePairs.flatMap((entry) => entry.pair))) {
      for (const other of lookalikesOf(iso)) expect(lookalikesOf(other)).toContain(iso);
    }
  });

  it('has no country alone, no pair twice, and each pair in alphabetical order', () => {
    const keys = lookalikePairs.map((entry) => key(entry.pair));
    expect(new Set(keys).size).toBe(keys.length);
    for (const { pair, from } of lookalikePairs) {
      expect(pair[0] < pair[1], key(pair)).toBe(true);
      expect(from.length, key(pair)).toBeGreaterThan(0);
    }
  });

  it('answers nothing for a country without a look-alike', () => {
    expect(lookalikesOf('FR')).toEqual([]);
    expect(lookalikesOf('ZZ')).toEqual([]);
  });

  it('holds exactly the pairs the rule derives from the contract names, each with its rule', () => {
    const derived = derivedLookalikePairs().map((entry) => `${key(entry.pair)} ${entry.rule}`);
    const held = lookalikePairs.flatMap(({ pair, from }) =>
      from.filter((source) => ruleSources.has(source)).map((source) => `${key(pair)} ${source}`),
    );
    // On a failure the diff lists the pairs to add to or remove from the table.
    expect(held.sort()).toEqual(derived.sort());
  });

  it('says where the pairs outside the rule came from', () => {
    for (const { pair, from } of lookalikePairs) {
      if (from.some((source) => ruleSources.has(source))) continue;
      expect(
        from.every((source) => source === 'issue' || source === 'shop'),
        key(pair),
      ).toBe(true);
    }
  });
});

describe('the look-alike rule', () => {
  it('counts edits, a swap of two letters as one', () => {
    expect(editDistance('iceland', 'ireland')).toBe(1);
    expect(editDistance('austria', 'australia')).toBe(2);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('finds near names and names inside names, and leaves the rest', () => {
    expect(lookalikeRule('Austria', 'Australia')).toBe('edit-distance');
    expect(lookalikeRule('Iran', 'Iraq')).toBe('edit-distance');
    expect(lookalikeRule('Niger', 'Nigeria')).toBe('name-inside-name');
    expect(lookalikeRule('Sudan', 'South Sudan')).toBe('name-inside-name');
    expect(lookalikeRule('Guinea', 'Guinea-Bissau')).toBe('name-inside-name');
    expect(lookalikeRule('Algeria', 'Nigeria')).toBeUndefined();
    expect(lookalikeRule('Chad', 'Chile')).toBeUndefined();
    expect(lookalikeRule('Oman', 'Romania')).toBeUndefined();
    expect(lookalikeRule('France', 'France')).toBeUndefined();
  });
});
