/**
 * The secrets of signing in: six-digit codes and bearer tokens from the CSPRNG, and the
 * hashes we keep instead of them (ASVS 5.0 6.5). A code is salted per code because a
 * six-digit space is tiny; a token is 256 random bits, so plain SHA-256 suffices.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ONE_TIME_CODE_LENGTH } from '@tern/contract';

export function generateCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');
}

export function hashNewCode(code: string): { codeSalt: string; codeHash: string } {
  const codeSalt = randomBytes(16).toString('hex');
  return { codeSalt, codeHash: hashCode(code, codeSalt) };
}

export function codeMatches(stored: { codeSalt: string; codeHash: string }, code: string): boolean {
  const given = Buffer.from(hashCode(code, stored.codeSalt), 'hex');
  const expected = Buffer.from(stored.codeHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
