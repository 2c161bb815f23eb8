// GET /api/ledger/{led_id}/invoice.pdf: an invoice as a PDF, saved under its number.
import { useMutation } from '@tanstack/react-query';
import { profileApiPaths } from '@tern/contract';
import { apiBlob } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { invoiceFileName } from '../utils/file-names';
import { saveBlob } from '../utils/save-file';
import { apiPath } from './api-path';

export function getInvoicePdf(ledgerId: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(apiPath(profileApiPaths.invoicePdf(ledgerId)), signal);
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async (invoice: { ledgerId: number; invoiceNumber: string }) => {
      const pdf = await getInvoicePdf(invoice.ledgerId);
      saveBlob(pdf, invoiceFileName(invoice.invoiceNumber));
    },
    onError: () => toast.error('The invoice could not be downloaded. Please try again.'),
  });
}
