// GET /api/ledger/{led_id}/invoice.pdf: an invoice as a PDF, saved under its number.
import { useMutation } from '@tanstack/react-query';
import { invoiceNumber, profileApiPaths, profileTexts } from '@tern/contract';
import { apiBlob } from '../../../lib/api-client';
import { signedInRequest } from '../../../lib/signed-in-request';
import { toast } from '../../../lib/toast-store';
import { invoiceFileName } from '../utils/file-names';
import { saveBlob } from '../utils/save-file';

export function getInvoicePdf(ledgerId: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(profileApiPaths.invoicePdf.href(ledgerId), signal);
}

export function useDownloadInvoice() {
  return useMutation({
    ...signedInRequest,
    mutationFn: async (ledgerId: number) => {
      const pdf = await getInvoicePdf(ledgerId);
      saveBlob(pdf, invoiceFileName(invoiceNumber(ledgerId)));
    },
    onError: () => toast.error(profileTexts.invoiceDownloadFailed),
  });
}
