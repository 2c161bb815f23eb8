/**
 * The legacy checkout form's rules (spec section 5, "Checkout"): a valid e-mail, a name and
 * a mobile of at least three characters each, with the checkout's own messages, said with
 * `t` in the language on screen (English: the spec's words).
 */
import { z } from 'zod';
import { type Translate, translate } from '../../../lib/i18n';
import type { SignInCheck, SignInDetails, SignInErrors } from '../../../lib/sign-in-details';

export type CheckoutValues = SignInDetails;

/** What the legacy checkout sends to sign-up: the details as typed, trimmed. */
export interface CheckoutRequest {
  cli_email: string;
  cli_name: string;
  cli_mobile: string;
}

const MIN_LENGTH = 3;
const emailRule = z.email().max(254);

export function checkCheckout(
  values: CheckoutValues,
  t: Translate = translate,
): SignInCheck<CheckoutRequest> {
  const email = values.email.trim();
  const name = values.name.trim();
  const mobile = values.mobile.trim();
  const errors: SignInErrors = {};
  if (!emailRule.safeParse(email).success) errors.email = t('checkout.errors.invalidEmail');
  if (name.length < MIN_LENGTH) errors.name = t('checkout.errors.nameRequired');
  if (mobile.length < MIN_LENGTH) errors.mobile = t('checkout.errors.mobileRequired');
  const valid = Object.keys(errors).length === 0;
  return {
    errors,
    request: valid ? { cli_email: email, cli_name: name, cli_mobile: mobile } : undefined,
  };
}
