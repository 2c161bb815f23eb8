/**
 * The sign-in form's rules (spec section 5) as plain functions: what each field says is
 * wrong, which of those messages to show yet, and the request a valid form sends.
 */
import {
  accountMessages,
  ONE_TIME_CODE_LENGTH,
  type SignupMessage,
  type SignupRequest,
  signupRequestSchema,
  signupStatusTexts,
  validateMobile,
} from '@tern/contract';

export interface SignInValues {
  email: string;
  name: string;
  /** As typed, with the calling code in front: '+961 71 123 456'. */
  mobile: string;
  /** The country chosen in the dial-code list, e.g. 'LB'. */
  countryIso2: string;
}

export type SignInField = 'email' | 'name' | 'mobile';
export type SignInErrors = Partial<Record<SignInField, string>>;
export type TouchedFields = Partial<Record<SignInField, boolean>>;

export interface SignInCheck {
  errors: SignInErrors;
  /** What to send, present only when every field is valid. */
  request: SignupRequest | undefined;
}

const { cli_email: emailRule, cli_name: nameRule } = signupRequestSchema.shape;

export function checkSignIn(values: SignInValues): SignInCheck {
  const errors: SignInErrors = {};
  const email = emailRule.safeParse(values.email.trim());
  if (!email.success) errors.email = accountMessages.invalidEmail;
  const name = nameRule.safeParse(values.name);
  if (!name.success) errors.name = accountMessages.invalidName;
  // Judged as a number of the chosen country, and sent in the one international form.
  const mobile = validateMobile(values.mobile, values.countryIso2);
  if (!mobile.isValid || !mobile.phoneNumber) errors.mobile = accountMessages.invalidMobile;

  if (!email.success || !name.success || !mobile.phoneNumber) return { errors, request: undefined };
  return {
    errors,
    request: { cli_email: email.data, cli_name: name.data, cli_mobile: mobile.phoneNumber },
  };
}

/** A field's message shows once the person has left the field, not while they first type. */
export function shownErrors(errors: SignInErrors, touched: TouchedFields): SignInErrors {
  const shown: SignInErrors = {};
  for (const field of ['email', 'name', 'mobile'] as const) {
    if (touched[field] && errors[field]) shown[field] = errors[field];
  }
  return shown;
}

/** The status line above the code field for each sign-up answer (spec section 4). */
export function signupStatusText(message: SignupMessage): string {
  return signupStatusTexts[message];
}

/** Keeps the digits of what was typed or pasted ('123 456' → '123456'), at most six. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`).test(code);
}
