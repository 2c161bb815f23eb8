/**
 * The two sign-in calls (spec section 4), shared by the sign-in page and the legacy
 * checkout, which signs a buyer in on its own page. Both name the language on screen
 * (`cli_language`): the code mail is written in it, and the account keeps it for its order
 * mails and invoices (docs/decisions/0019). The language switcher keeps a signed-in
 * account's language in step through saveAccountLanguage.
 */
import { useMutation } from '@tanstack/react-query';
import { accountApiPaths } from '@tern/contract/account-texts';
import {
  clientProfileSchema,
  type SignInResponse,
  type SignupResponse,
  signInResponseSchema,
  signupResponseSchema,
} from '@tern/contract/accounts';
import type { Language } from '@tern/contract/languages';
import type { SignupRequest, ValidateOtpRequest } from '@tern/contract/sign-up';
import { apiRequest } from './api-client';
import { currentLanguage } from './i18n/language-store';
import { forgetReferral, pendingReferral } from './referral-link';
import { session } from './session-store';

const signupPath = accountApiPaths.signup.href();
const validateOtpPath = accountApiPaths.validateOtp.href();
const languagePath = accountApiPaths.language.href();

/** The request with the language on screen, unless it names one itself. */
function inLanguage<T extends { cli_language?: Language }>(request: T): T {
  return { ...request, cli_language: request.cli_language ?? currentLanguage() };
}

/** POST /api/client/signup: registers or finds the client, and e-mails a one-time code. */
export function signup(request: SignupRequest): Promise<SignupResponse> {
  return apiRequest(signupPath, {
    method: 'POST',
    body: inLanguage(request),
    schema: signupResponseSchema,
  });
}

/**
 * POST /api/client/validateotp: exchanges the e-mailed code for a bearer token, with the share
 * link's code this browser came by, if any (forgotten once the sign-in went through).
 */
export async function validateOtp(request: ValidateOtpRequest): Promise<SignInResponse> {
  const referral = request.cli_referral ?? pendingReferral();
  const answer = await apiRequest(validateOtpPath, {
    method: 'POST',
    body: inLanguage(referral ? { ...request, cli_referral: referral } : request),
    schema: signInResponseSchema,
  });
  forgetReferral();
  return answer;
}

/**
 * The signed-in buyer switched language: PUT /api/client/language with the language alone, so
 * the next e-mail is written in it and a name or mobile changed on another device stays as it
 * is. Fire and forget: signed out, nothing is sent; a failure (offline, an expired session) is
 * logged and changes nothing on screen. Resolves to whether the account took it.
 */
export async function saveAccountLanguage(language: Language): Promise<boolean> {
  const client = session.get().client;
  if (!client) return false;
  try {
    await apiRequest(languagePath, {
      method: 'PUT',
      body: { cli_language: language },
      schema: clientProfileSchema,
    });
    return true;
  } catch (error) {
    console.warn('The account language could not be saved.', error);
    return false;
  }
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

export function useValidateOtp() {
  return useMutation({ mutationFn: validateOtp });
}
