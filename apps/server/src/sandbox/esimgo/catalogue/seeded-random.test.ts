import { describe, expect, it } from 'vitest';
import { hashString, seededBetween, seededRandom } from './seeded-random';

describe('seeded random', () => {
  it('hashes the same text to the same unsigned 32-bit number', () => {
    expect(hashString('FR')).toBe(hashString('FR'));
    expect(hashString('FR')).not.toBe(hashString('DE'));
    expect(hashString('')).toBe(0x811c9dc5);
    expect(Number.isInteger(hashString('any text'))).toBe(true);
    expect(hashString('any text')).toBeGreaterThanOrEqual(0);
  });

  it('repeats its sequence for the same seed and stays in [0, 1)', () => {
    const first = seededRandom('tern');
    const second = seededRandom('tern');
    const values = Array.from({ length: 1000 }, () => first());
    expect(values).toEqual(Array.from({ length: 1000 }, () => second()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
  });

  it('differs between seeds, numeric or textual', () => {
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
    expect(seededRandom('a')()).not.toBe(seededRandom('b')());
  });

  it('keeps a seeded value inside its bounds', () => {
    for (const seed of ['FR', 'DE', 'TR', 'AN', 'KI']) {
      const value = seededBetween(seed, 0.9, 1.1);
      expect(value).toBeGreaterThanOrEqual(0.9);
      expect(value).toBeLessThan(1.1);
      expect(seededBetween(seed, 0.9, 1.1)).toBe(value);
    }
  });
});
