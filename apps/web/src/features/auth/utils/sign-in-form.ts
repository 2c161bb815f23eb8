/**
 * The sign-in form's rules (spec section 5) as plain functions: its first values, what each
 * field says is wrong, and the request a valid form sends.
 */
import { DEFAULT_DIAL_COUNTRY, validateMobile } from '@tern/contract/phone';
import { type SignupRequest, signupRequestSchema } from '@tern/contract/sign-up';
import { type Translate, translate } from '../../../lib/i18n';
import type { SignInCheck, SignInDetails, SignInErrors } from '../../../lib/sign-in-details';
import { dialCodeOf, dialCountryOfNumber } from './dial-prefix';

export interface SignInValues extends SignInDetails {
  /** The country chosen in the dial-code list, e.g. 'LB'; `mobile` starts with its code. */
  countryIso2: string;
}

export const initialSignInValues: SignInValues = {
  email: '',
  name: '',
  mobile: `${dialCodeOf(DEFAULT_DIAL_COUNTRY)} `,
  countryIso2: DEFAULT_DIAL_COUNTRY,
};

/**
 * The form after the person changed `previous` into `next`: a mobile typed with another
 * calling code ('+44 7700 900123' while Lebanon is chosen) selects that country, so the
 * number is judged as one of it. A country just chosen in the list stays as chosen.
 */
export function changedSignInValues(previous: SignInValues, next: SignInValues): SignInValues {
  if (next.countryIso2 !== previous.countryIso2 || next.mobile === previous.mobile) return next;
  const countryIso2 = dialCountryOfNumber(next.mobile, next.countryIso2);
  return countryIso2 === next.countryIso2 ? next : { ...next, countryIso2 };
}

const { cli_email: emailRule, cli_name: nameRule } = signupRequestSchema.shape;

/** The messages are said with `t`, in the language on screen (English: the spec's words). */
export function checkSignIn(
  values: SignInValues,
  t: Translate = translate,
): SignInCheck<SignupRequest> {
  const errors: SignInErrors = {};
  const email = emailRule.safeParse(values.email.trim());
  if (!email.success) errors.email = t('auth.errors.invalidEmail');
  const name = nameRule.safeParse(values.name);
  if (!name.success) errors.name = t('auth.errors.invalidName');
  // Judged as a number of the chosen country, and sent in the one international form.
  const mobile = validateMobile(values.mobile, values.countryIso2);
  if (!mobile.isValid || !mobile.phoneNumber) errors.mobile = t('auth.errors.invalidMobile');

  if (!email.success || !name.success || !mobile.phoneNumber) return { errors, request: undefined };
  return {
    errors,
    request: { cli_email: email.data, cli_name: name.data, cli_mobile: mobile.phoneNumber },
  };
}
