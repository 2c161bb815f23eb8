/**
 * The accounts' texts and API paths, apart from their schemas (accounts.ts) so the web's first
 * script can name a path or a message without carrying zod (issue 18).
 */
import { apiPath } from './api-path';

/** Texts the spec fixes for sign-in, sign-up and the contact form. */
export const accountMessages = {
  invalidEmail: 'Please enter a valid email',
  invalidName: 'Please enter a valid name',
  invalidMobile: 'Please enter a mobile number',
  invalidCode: 'Please enter the 6-digit code',
  emptyMessage: 'Please enter your message',
  // Sign-up answers: each means "a code is on its way".
  codeSentToNewUser: 'Email sent to validate OTP',
  alreadyRegistered: 'User already registered.',
  verifyUser: 'Verify User',
  otpFailed: 'Error validating OTP',
  signedIn: 'Signed in successfully.',
  codeNotSent: 'We could not send the code. Please try again later.',
  tokenRequired: 'Authentication token is required.',
  contactSent: "Email sent successfully! We'll get back to you soon.",
  contactFailed: 'Sending email failed. Please try again later or contact us directly.',
} as const;

/** Why a code was refused; the server says which, so the person knows what to do next. */
export const codeRefusals = {
  wrong: 'That code is not correct. Check the e-mail and try again.',
  invalid: 'The code is not valid. Request a new one.',
  expired: 'The code has expired. Request a new one.',
  tooManyTries: 'Too many wrong tries for this code. Request a new one.',
} as const;

export const signOutMessage = 'You are signed out.';

/**
 * A known e-mail signs in to its account as it is; a name or mobile typed at sign-in that
 * differs from the account's is offered on the profile as a change, in these words.
 */
export const detailsOfferTexts = {
  label: 'Details from your sign-in',
  differentName: (name: string) => `You signed in with a different name: ${name}. Use it?`,
  differentMobile: (mobile: string) =>
    `You signed in with a different mobile number: ${mobile}. Use it?`,
  differentBoth: (name: string, mobile: string) =>
    `You signed in with a different name and mobile number: ${name}, ${mobile}. Use them?`,
  update: 'Update',
  keep: 'Keep current',
  updated: 'Your details are updated.',
  updateFailed: 'We could not update your details. Please try again.',
} as const;

/** The three sign-up answers, and the status line the sign-in page shows for each. */
export const signupMessages = [
  accountMessages.codeSentToNewUser,
  accountMessages.alreadyRegistered,
  accountMessages.verifyUser,
] as const;
export type SignupMessage = (typeof signupMessages)[number];

export const signupStatusTexts: Record<SignupMessage, string> = {
  [accountMessages.verifyUser]: 'Email not registered. Validate OTP',
  [accountMessages.alreadyRegistered]: 'Email already registered. Validate OTP',
  [accountMessages.codeSentToNewUser]: 'Email sent to validate OTP',
};

/** One-time codes are six digits (spec section 3: cli_number). */
export const ONE_TIME_CODE_LENGTH = 6;

/** The API paths of accounts and support (spec section 7); legacy /api/user/* mirror three. */
export const accountApiPaths = {
  signup: apiPath('/api/client/signup'),
  validateOtp: apiPath('/api/client/validateotp'),
  validateToken: apiPath('/api/client/validatetoken'),
  logout: apiPath('/api/client/logout'),
  /** PUT: the signed-in client changes their own name and mobile. */
  details: apiPath('/api/client/details'),
  /** PUT: the signed-in client's language alone, so a switch never rewrites name or mobile. */
  language: apiPath('/api/client/language'),
  legacySignup: apiPath('/api/user/signup'),
  legacyValidateOtp: apiPath('/api/user/validateotp'),
  legacyValidateToken: apiPath('/api/user/validatetoken'),
  support: apiPath('/api/email/support'),
} as const;
