// GET /api/ledger/{led_id}/invoice.pdf: an invoice as a PDF, saved under its number.
import { useMutation } from '@tanstack/react-query';
import { invoiceNumber, profileApiPaths } from '@tern/contract';
import { apiBlob, apiPath } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { toast } from '../../../lib/toast-store';
import { invoiceFileName } from '../utils/file-names';
import { saveBlob } from '../utils/save-file';

export function getInvoicePdf(ledgerId: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(apiPath(profileApiPaths.invoicePdf(ledgerId)), signal);
}

export function useDownloadInvoice() {
  return useMutation({
    ...signedInRequest,
    mutationFn: async (ledgerId: number) => {
      const pdf = await getInvoicePdf(ledgerId);
      saveBlob(pdf, invoiceFileName(invoiceNumber(ledgerId)));
    },
    onError: () => toast.error('The invoice could not be downloaded. Please try again.'),
  });
}
