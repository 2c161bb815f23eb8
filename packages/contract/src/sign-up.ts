/**
 * What a person sends to sign up or sign in (spec sections 4 and 5): e-mail, name and mobile
 * number, then the e-mailed code. Apart from the rest of the accounts contract, because the
 * mobile number's check carries the phone-number data: only pages with the form load it.
 */
import { z } from 'zod';
import { accountMessages } from './account-texts';
import { languageSchema } from './language-schema';
import { isShownName } from './person-name';
import { validateMobile } from './phone';
import { plainText, textField } from './text';

const emailField = plainText(z.email({ error: accountMessages.invalidEmail })).max(254, {
  error: accountMessages.invalidEmail,
});

/** Three characters one can see, nothing hidden (see person-name.ts), at most 100 in all. */
const nameField = textField({ error: accountMessages.invalidName })
  .trim()
  .max(100, { error: accountMessages.invalidName })
  .refine(isShownName(3), { error: accountMessages.invalidName });

/** An international number with its dial-code prefix, e.g. +961 71 123 456. */
const mobileField = textField({ error: accountMessages.invalidMobile })
  .trim()
  .min(1, { error: accountMessages.invalidMobile })
  .refine((number) => validateMobile(number).isValid, { error: accountMessages.invalidMobile });

/**
 * The language the person reads the shop in: their e-mails and invoices follow it. Optional;
 * without it the server goes by the request's Accept-Language.
 */
const languageField = languageSchema.optional();

/** The share code of the link the person came by (referrals.ts); unknown codes are ignored. */
const referralField = z.string().trim().max(16).optional();

export const signupRequestSchema = z.strictObject({
  cli_email: emailField,
  cli_name: nameField,
  cli_mobile: mobileField,
  cli_language: languageField,
  cli_referral: referralField,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const validateOtpRequestSchema = z.strictObject({
  ...signupRequestSchema.shape,
  cli_number: textField({ error: accountMessages.invalidCode }).regex(/^\d{6}$/, {
    error: accountMessages.invalidCode,
  }),
});
export type ValidateOtpRequest = z.infer<typeof validateOtpRequestSchema>;

/** A signed-in client's own name and mobile, changed from the profile: sign-up's rules. */
export const clientDetailsRequestSchema = z.strictObject({
  cli_name: nameField,
  cli_mobile: mobileField,
  cli_language: languageField,
});
export type ClientDetailsRequest = z.infer<typeof clientDetailsRequestSchema>;

/** The language switch while signed in: only the language, which e-mails and invoices use. */
export const clientLanguageRequestSchema = z.strictObject({ cli_language: languageSchema });
export type ClientLanguageRequest = z.infer<typeof clientLanguageRequestSchema>;
