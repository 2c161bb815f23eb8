/**
 * Small seeded hashing and random helpers, so every generated sandbox value is the same on every
 * run (no Math.random, no clock): tests and screenshots can rely on exact bundles and prices.
 */

/** FNV-1a 32-bit hash of a string: a cheap, stable seed from any text. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: a tiny PRNG with good enough spread for fixture data; yields floats in [0, 1). */
export function seededRandom(seed: string | number): () => number {
  let state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A float in [min, max) that depends only on the seed. */
export function seededBetween(seed: string, min: number, max: number): number {
  return min + seededRandom(seed)() * (max - min);
}
