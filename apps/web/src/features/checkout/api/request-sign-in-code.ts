/**
 * POST /api/client/signup for the legacy checkout: registers the buyer (or finds them) and
 * e-mails a one-time code. The accounts feature has its own call; features do not share code.
 */

import { useMutation } from '@tanstack/react-query';
import {
  accountApiPaths,
  type SignupRequest,
  type SignupResponse,
  signupResponseSchema,
} from '@tern/contract';
import { apiRequest } from '../../../lib/api-client';

const path = accountApiPaths.signup.replace(/^\/api/, '');

export function requestSignInCode(request: SignupRequest): Promise<SignupResponse> {
  return apiRequest(path, { method: 'POST', body: request, schema: signupResponseSchema });
}

export function useRequestSignInCode() {
  return useMutation({ mutationFn: requestSignInCode });
}
