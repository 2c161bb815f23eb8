// POST /api/client/signup: registers or signs in, and e-mails a one-time code.

import { useMutation } from '@tanstack/react-query';
import {
  accountApiPaths,
  type SignupRequest,
  type SignupResponse,
  signupResponseSchema,
} from '@tern/contract';
import { apiRequest } from '../../../lib/api-client';

// The contract names full paths; the API client adds the /api prefix itself.
const path = accountApiPaths.signup.replace(/^\/api/, '');

export function signup(request: SignupRequest): Promise<SignupResponse> {
  return apiRequest(path, { method: 'POST', body: request, schema: signupResponseSchema });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
