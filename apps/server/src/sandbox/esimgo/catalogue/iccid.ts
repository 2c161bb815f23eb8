/**
 * Identifiers the simulated provider hands out with an eSIM: Luhn-checked ICCIDs, the activation
 * matching ID, and the SM-DP+ address a phone downloads the profile from.
 */
import { seededRandom } from './seeded-random';

/** SM-DP+ server of the sandbox; `.example` is reserved, so no phone can ever reach a real one. */
export const SMDP_ADDRESS = 'smdp.sandbox.tern.example';

// 89 (telecom) + 44 (country code) + 50 (made-up issuer): 6 digits, then 12 of sequence, then the
// check digit: 19 digits, the usual ICCID length.
const ICCID_PREFIX = '894450';
const SEQUENCE_DIGITS = 12;
const MAX_SEQUENCE = 10 ** SEQUENCE_DIGITS - 1;

/** The Luhn (mod 10) check digit to append to a string of digits. */
export function luhnCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new TypeError('Luhn needs a non-empty string of digits');
  let sum = 0;
  // Walking from the right, the digit next to the future check digit is the first one doubled.
  for (let offset = 0; offset < digits.length; offset += 1) {
    const digit = Number(digits[digits.length - 1 - offset]);
    const weighted = offset % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True for a 19- or 20-digit string starting 89 whose last digit is its Luhn check digit. */
export function isValidIccid(value: string): boolean {
  if (!/^89\d{17,18}$/.test(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === value.slice(-1);
}

/** The ICCID for a sequence number: 19 digits starting 8944, unique per sequence. */
export function makeIccid(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 0 || sequence > MAX_SEQUENCE) {
    throw new RangeError(`An ICCID sequence must be a whole number from 0 to ${MAX_SEQUENCE}`);
  }
  const body = `${ICCID_PREFIX}${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

function hexBlock(random: () => number): string {
  return Math.floor(random() * 0x1000000)
    .toString(16)
    .toUpperCase()
    .padStart(6, '0');
}

/** An activation matching ID like "K2-1A2B3C-4D5E6F", always the same for the same seed. */
export function makeMatchingId(seed: string): string {
  const random = seededRandom(`matching-id:${seed}`);
  return `K2-${hexBlock(random)}-${hexBlock(random)}`;
}

/** The LPA activation code a QR code carries: "LPA:1$<SM-DP+ address>$<matching ID>". */
export function activationCode(matchingId: string): string {
  return `LPA:1$${SMDP_ADDRESS}$${matchingId}`;
}
