import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a secret in constant time (hashing first makes the lengths equal). */
export function sameSecret(given: string, expected: string | null): boolean {
  if (expected === null) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
