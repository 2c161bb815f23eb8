/**
 * The operators' console as a browser test drives it: an authenticator's codes (RFC 6238, written
 * here apart from the server's own so a mistake in one is not repeated in the other), and the
 * sign-in with the e-mailed code and the enrolment of the authenticator.
 */
import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { readSignInCode } from './purchase';

/** The operators global-setup names in OPERATOR_EMAILS, one per test so none shares a step. */
export const operators = {
  lead: 'ops-lead@tern.test',
  viewer: 'ops-viewer@tern.test',
  arabic: 'ops-arabic@tern.test',
  credit: 'ops-credit@tern.test',
  promo: 'ops-promo@tern.test',
  promoPhone: 'ops-promo-phone@tern.test',
} as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Buffer {
  let bits = '';
  for (const letter of secret.replace(/=+$/, '').toUpperCase())
    bits += BASE32.indexOf(letter).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The 6 digits an authenticator shows for `secret` at `at` (30-second steps, SHA-1). */
export function authenticatorCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** Labels of the sign-in in the language the console is shown in. */
export interface ConsoleLabels {
  email: string;
  sendCode: string;
  code: string;
  totp: string;
  signIn: string;
  kept: string;
}

export const englishLabels: ConsoleLabels = {
  email: 'E-mail address',
  sendCode: 'Send me a code',
  code: 'Code from the e-mail',
  totp: 'Code from your authenticator app, or a recovery code',
  signIn: 'Sign in',
  kept: 'I have kept them',
};

/**
 * A first sign-in at the console (the page already on #/ops): the e-mailed code, the key to
 * enrol, the authenticator's code made from it, and the recovery codes acknowledged.
 */
export async function firstSignIn(
  page: Page,
  request: APIRequestContext,
  email: string,
  labels: ConsoleLabels = englishLabels,
): Promise<void> {
  await page.getByLabel(labels.email).fill(email);
  await page.getByRole('button', { name: labels.sendCode }).click();
  await page.getByLabel(labels.code).fill(await readSignInCode(request, email));
  await page.getByRole('button', { name: labels.signIn, exact: true }).last().click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel(labels.totp).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: labels.signIn, exact: true }).last().click();
  await page.getByRole('button', { name: labels.kept }).click();
}
