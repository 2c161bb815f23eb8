/**
 * GET /api/ledger/{led_id}/invoice.pdf?lang=: an invoice as a PDF in the language on screen
 * (decision 0019), saved under its number; and a refunded line's credit note
 * (credit-note.pdf, decision 0030), saved under its own.
 */
import { useMutation } from '@tanstack/react-query';
import type { Language } from '@tern/contract/languages';
import { creditNoteNumber, invoiceNumber, profileApiPaths } from '@tern/contract/profile';
import { apiBlob } from '../../../lib/api-client';
import { translate, useLanguage } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-file';
import { signedInRequest } from '../../../lib/signed-in-request';
import { toast } from '../../../lib/toast-store';
import { invoiceFileName } from '../utils/file-names';

/** The PDF's address: the ledger entry's, with the language its words are to be written in. */
export function invoicePdfHref(ledgerId: number, language: Language): string {
  const query = new URLSearchParams({ lang: language });
  return `${profileApiPaths.invoicePdf.href(ledgerId)}?${query}`;
}

export function getInvoicePdf(
  ledgerId: number,
  language: Language,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiBlob(invoicePdfHref(ledgerId, language), signal);
}

export function useDownloadInvoice() {
  const { language } = useLanguage();
  return useMutation({
    ...signedInRequest,
    mutationFn: async (ledgerId: number) => {
      const pdf = await getInvoicePdf(ledgerId, language);
      saveBlob(pdf, invoiceFileName(invoiceNumber(ledgerId)));
    },
    onError: () => toast.error(translate('profile.invoices.downloadFailed')),
  });
}

/** The credit note's address, in the language on screen. */
export function creditNotePdfHref(ledgerId: number, language: Language): string {
  const query = new URLSearchParams({ lang: language });
  return `${profileApiPaths.creditNotePdf.href(ledgerId)}?${query}`;
}

export function useDownloadCreditNote() {
  const { language } = useLanguage();
  return useMutation({
    ...signedInRequest,
    mutationFn: async (ledgerId: number) => {
      const pdf = await apiBlob(creditNotePdfHref(ledgerId, language));
      saveBlob(pdf, invoiceFileName(creditNoteNumber(ledgerId)));
    },
    onError: () => toast.error(translate('profile.invoices.creditNoteFailed')),
  });
}
