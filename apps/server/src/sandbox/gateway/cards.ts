/**
 * What the hosted page checks on a card before "sending it to the bank", and the sandbox's
 * bank: test card 4000000000000002 is declined, 5123456789012346 goes through a 3-D Secure
 * challenge first (whose result the payer picks, as on MPGS's 3DS emulator), any other valid
 * card number is approved (5123450000000008 and 4242424242424242 are the documented approving
 * ones).
 */

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
}

export type CardField = keyof CardForm;

export interface FieldProblem {
  field: CardField;
  message: string;
}

export type CardBrand = 'MASTERCARD' | 'VISA' | 'AMEX' | 'UNKNOWN';

/** All the gateway keeps of a card: enough for a receipt, useless to a thief. */
export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  approved: boolean;
  /**
   * MMYY, as MPGS shows sourceOfFunds.provided.card.expiry (month and year, two digits each);
   * kept only for a card stored as a token, which shows its expiry to the merchant.
   */
  expiry?: string;
  /** The issuer asks the payer to authenticate (3-D Secure challenge) before authorising. */
  threeDSecure?: true;
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; problems: FieldProblem[] };

export const DECLINED_TEST_CARDS: ReadonlySet<string> = new Set(['4000000000000002']);

/**
 * Enrolled in 3-D Secure with a challenge, like MPGS's 3DS test cards:
 * https://na.gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/authentication/3DS/3ds.html
 */
export const CHALLENGE_TEST_CARDS: ReadonlySet<string> = new Set(['5123456789012346']);

export const cardMessages = {
  numberMissing: 'Enter the card number.',
  numberInvalid: 'This card number is not valid. Check it and try again.',
  expiryMissing: 'Enter the expiry date.',
  expiryInvalid: 'Enter the expiry date as MM/YY, for example 04/29.',
  expired: 'This card has expired. Check the expiry date or use another card.',
  cvcMissing: 'Enter the security code (CVC).',
  cvcInvalid: 'Enter the 3-digit security code from the back of the card.',
  cvcInvalidAmex: 'Enter the 4-digit security code from the front of the card.',
  nameMissing: 'Enter the name as it appears on the card.',
  declined: 'Your card was declined. Try another card.',
  authenticationFailed:
    'Your bank could not confirm it is you, so nothing was paid. Try again or use another card.',
} as const;

export function checkCard(form: CardForm, now: Date): CardCheck {
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  const brand = cardBrand(digits);
  const problems = [
    numberProblem(digits),
    expiryProblem(form.expiry, now),
    cvcProblem(form.cvc.trim(), brand),
    form.nameOnCard.trim() ? undefined : problem('nameOnCard', cardMessages.nameMissing),
  ].filter((found): found is FieldProblem => found !== undefined);
  if (problems.length > 0) return { ok: false, problems };
  const card: CheckedCard = {
    brand,
    last4: digits.slice(-4),
    approved: !DECLINED_TEST_CARDS.has(digits),
    expiry: expiryDigits(form.expiry),
  };
  return {
    ok: true,
    card: CHALLENGE_TEST_CARDS.has(digits) ? { ...card, threeDSecure: true } : card,
  };
}

function numberProblem(digits: string): FieldProblem | undefined {
  if (!digits) return problem('cardNumber', cardMessages.numberMissing);
  const valid = /^\d{12,19}$/.test(digits) && passesLuhn(digits);
  return valid ? undefined : problem('cardNumber', cardMessages.numberInvalid);
}

function expiryProblem(expiry: string, now: Date): FieldProblem | undefined {
  const text = expiry.trim();
  if (!text) return problem('expiry', cardMessages.expiryMissing);
  const parsed = parseExpiry(text);
  if (!parsed) return problem('expiry', cardMessages.expiryInvalid);
  // A card is good until the last day of its expiry month.
  const monthsNow = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const monthsCard = parsed.year * 12 + (parsed.month - 1);
  return monthsCard < monthsNow ? problem('expiry', cardMessages.expired) : undefined;
}

/** MM/YY, MM/YYYY, MM-YY or MMYY, as people type them. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})$/.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** The expiry as MMYY (the form was checked first). */
function expiryDigits(text: string): string | undefined {
  const parsed = parseExpiry(text.trim());
  if (!parsed) return undefined;
  return `${String(parsed.month).padStart(2, '0')}${String(parsed.year % 100).padStart(2, '0')}`;
}

function cvcProblem(cvc: string, brand: CardBrand): FieldProblem | undefined {
  if (!cvc) return problem('cvc', cardMessages.cvcMissing);
  const length = brand === 'AMEX' ? 4 : 3;
  if (new RegExp(`^\\d{${length}}$`).test(cvc)) return undefined;
  return problem('cvc', brand === 'AMEX' ? cardMessages.cvcInvalidAmex : cardMessages.cvcInvalid);
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'VISA';
  if (/^3[47]/.test(digits)) return 'AMEX';
  const prefix = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (prefix >= 2221 && prefix <= 2720)) return 'MASTERCARD';
  return 'UNKNOWN';
}

function problem(field: CardField, message: string): FieldProblem {
  return { field, message };
}
