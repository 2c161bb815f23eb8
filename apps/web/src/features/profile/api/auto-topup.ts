/**
 * GET, PUT and DELETE /api/esim/{iccid}/auto-topup (issue 32): an eSIM's automatic top-up,
 * read, turned on or changed, and stopped. Each change reads the state again, so the card
 * shows what the server keeps (usedThisMonth included) rather than what was sent.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AutoTopupRequest,
  type AutoTopupState,
  autoTopupStateSchema,
  cardTopupApiPaths,
} from '@tern/contract/card-topups';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

// The contract names no answer for PUT and DELETE: the state is read again after either.
const anyAnswer = z.unknown();

export function getAutoTopup(iccid: string, signal?: AbortSignal): Promise<AutoTopupState> {
  return apiRequest(cardTopupApiPaths.autoTopup.href(iccid), {
    schema: autoTopupStateSchema,
    signal,
  });
}

export function saveAutoTopup(iccid: string, request: AutoTopupRequest): Promise<unknown> {
  return apiRequest(cardTopupApiPaths.autoTopup.href(iccid), {
    method: 'PUT',
    body: request,
    schema: anyAnswer,
  });
}

export function stopAutoTopup(iccid: string): Promise<unknown> {
  return apiRequest(cardTopupApiPaths.autoTopup.href(iccid), {
    method: 'DELETE',
    schema: anyAnswer,
  });
}

export function useAutoTopup(email: string, iccid: string, enabled = true) {
  return useQuery({
    ...signedInRequest,
    queryKey: profileKeys.autoTopup(email, iccid),
    queryFn: ({ signal }) => getAutoTopup(iccid, signal),
    // usedThisMonth grows while the page is away (each automatic purchase): read it afresh.
    staleTime: 0,
    enabled,
  });
}

export function useSaveAutoTopup(email: string, iccid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...signedInRequest,
    mutationFn: (request: AutoTopupRequest) => saveAutoTopup(iccid, request),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: profileKeys.autoTopup(email, iccid) }),
  });
}

export function useStopAutoTopup(email: string, iccid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...signedInRequest,
    mutationFn: () => stopAutoTopup(iccid),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: profileKeys.autoTopup(email, iccid) }),
  });
}
