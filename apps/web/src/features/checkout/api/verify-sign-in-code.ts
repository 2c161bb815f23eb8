// POST /api/client/validateotp for the legacy checkout: the e-mailed code for a bearer token.

import { useMutation } from '@tanstack/react-query';
import {
  accountApiPaths,
  type SignInResponse,
  signInResponseSchema,
  type ValidateOtpRequest,
} from '@tern/contract';
import { apiRequest } from '../../../lib/api-client';

const path = accountApiPaths.validateOtp.replace(/^\/api/, '');

export function verifySignInCode(request: ValidateOtpRequest): Promise<SignInResponse> {
  return apiRequest(path, { method: 'POST', body: request, schema: signInResponseSchema });
}

export function useVerifySignInCode() {
  return useMutation({ mutationFn: verifySignInCode });
}
