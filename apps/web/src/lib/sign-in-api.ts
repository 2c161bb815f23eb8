/**
 * The two sign-in calls (spec section 4), shared by the sign-in page and the legacy
 * checkout, which signs a buyer in on its own page.
 */
import { useMutation } from '@tanstack/react-query';
import {
  accountApiPaths,
  type SignInResponse,
  type SignupRequest,
  type SignupResponse,
  signInResponseSchema,
  signupResponseSchema,
  type ValidateOtpRequest,
} from '@tern/contract';
import { apiRequest } from './api-client';

const signupPath = accountApiPaths.signup.href();
const validateOtpPath = accountApiPaths.validateOtp.href();

/** POST /api/client/signup: registers or finds the client, and e-mails a one-time code. */
export function signup(request: SignupRequest): Promise<SignupResponse> {
  return apiRequest(signupPath, { method: 'POST', body: request, schema: signupResponseSchema });
}

/** POST /api/client/validateotp: exchanges the e-mailed code for a bearer token. */
export function validateOtp(request: ValidateOtpRequest): Promise<SignInResponse> {
  return apiRequest(validateOtpPath, {
    method: 'POST',
    body: request,
    schema: signInResponseSchema,
  });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

export function useValidateOtp() {
  return useMutation({ mutationFn: validateOtp });
}
