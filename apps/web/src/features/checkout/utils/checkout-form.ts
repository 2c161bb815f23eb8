/**
 * The legacy checkout form's rules (spec section 5, "Checkout"): a valid e-mail, a name and
 * a mobile of at least three characters each, with the checkout's own messages.
 */
import { orderMessages } from '@tern/contract';
import { z } from 'zod';

export const checkoutMessages = {
  invalidEmail: orderMessages.invalidEmail,
  nameRequired: orderMessages.nameRequired,
  mobileRequired: 'Mobile is required',
} as const;

export interface CheckoutValues {
  email: string;
  name: string;
  mobile: string;
}

export type CheckoutField = keyof CheckoutValues;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

const MIN_LENGTH = 3;
const emailRule = z.email().max(254);

export interface CheckoutCheck {
  errors: CheckoutErrors;
  /** The sign-up request, present only when every field is valid. */
  request: { cli_email: string; cli_name: string; cli_mobile: string } | undefined;
}

export function checkCheckout(values: CheckoutValues): CheckoutCheck {
  const email = values.email.trim();
  const name = values.name.trim();
  const mobile = values.mobile.trim();
  const errors: CheckoutErrors = {};
  if (!emailRule.safeParse(email).success) errors.email = checkoutMessages.invalidEmail;
  if (name.length < MIN_LENGTH) errors.name = checkoutMessages.nameRequired;
  if (mobile.length < MIN_LENGTH) errors.mobile = checkoutMessages.mobileRequired;
  const valid = Object.keys(errors).length === 0;
  return {
    errors,
    request: valid ? { cli_email: email, cli_name: name, cli_mobile: mobile } : undefined,
  };
}

/** A field's message shows once the person has left it (or tried to send the form). */
export function visibleErrors(
  errors: CheckoutErrors,
  touched: Partial<Record<CheckoutField, boolean>>,
): CheckoutErrors {
  const shown: CheckoutErrors = {};
  for (const field of ['email', 'name', 'mobile'] as const) {
    if (touched[field] && errors[field]) shown[field] = errors[field];
  }
  return shown;
}
