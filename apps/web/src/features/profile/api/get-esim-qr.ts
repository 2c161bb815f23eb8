// GET /api/esim/details/qr/{iccid}/250: the eSIM's QR code as a PNG (spec section 9: 250 px).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileApiPaths, QR_DEFAULT_SIZE } from '@tern/contract/profile';
import { apiBlob } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { profileKeys } from './query-keys';

export function getEsimQr(iccid: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(profileApiPaths.esimQr.href(iccid, QR_DEFAULT_SIZE), signal);
}

export const esimQrQueryOptions = (email: string, iccid: string) =>
  queryOptions({
    ...signedInRequest,
    queryKey: profileKeys.esimQr(email, iccid),
    queryFn: ({ signal }) => getEsimQr(iccid, signal),
    // The code never changes for an eSIM; keep it while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useEsimQr(email: string, iccid: string, enabled = true) {
  return useQuery({ ...esimQrQueryOptions(email, iccid), enabled });
}
