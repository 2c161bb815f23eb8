// The e-mailed one-time code as typed: only its digits count, and it is complete at six.
import { ONE_TIME_CODE_LENGTH } from '@tern/contract';

const completeCode = new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`);

/** Keeps the digits of what was typed or pasted ('123 456' → '123456'), at most six. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return completeCode.test(code);
}
