// The e-mailed one-time code as typed (only its digits count, and it is complete at six), and
// what to tell someone whose code was refused.
import { ONE_TIME_CODE_LENGTH } from '@tern/contract/account-texts';
import { ApiError } from './api-client';

const completeCode = new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`);

/** Keeps the digits of what was typed or pasted ('123 456' → '123456'), at most six. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return completeCode.test(code);
}

/**
 * What a refused code is told besides 'Error validating OTP' (spec section 8): the server's
 * reason when it is one the person can act on, else nothing more. The server refuses a wrong,
 * spent or expired code with a 400 that names no field, and too many tries with a 429; it
 * words the reason in the shop's language (Accept-Language), so it is shown as it comes.
 */
export function codeRefusalDetails(error: unknown): readonly string[] {
  if (!(error instanceof ApiError)) return [];
  const refusedCode = error.status === 400 && error.fieldErrors.length === 0;
  return refusedCode || error.status === 429 ? [error.message] : [];
}
