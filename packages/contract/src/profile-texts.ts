/**
 * The profile's texts, apart from its schemas (profile.ts) so the web's first script can say
 * them without carrying zod (issue 18).
 */
import { orderMessages } from './order-texts';

/** Texts the spec fixes for the profile's calls, and the server's own answers. */
export const profileMessages = {
  emailRequired: 'Client email is required to fetch ledger.',
  emailMismatch: orderMessages.emailMismatch,
  // Also the answer for another buyer's eSIM or entry: whether it exists is not told.
  esimNotFound: orderMessages.esimNotFound,
  ledgerEntryNotFound: 'Invoice not found',
  creditNoteNotFound: 'This invoice has not been refunded, so it has no credit note.',
  providerUnavailable:
    'We could not reach the eSIM provider right now. Please try again in a moment.',
} as const;

/** What the profile pages tell the buyer about their eSIMs and invoices. */
export const profileTexts = {
  qrAlreadyUsed:
    'This QR code is single-use and has already been used. Do not delete the eSIM from your phone: it cannot be installed again.',
  qrScanOnce:
    'Scan this QR code with the phone you will travel with. It can be installed only once.',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  invoiceDownloadFailed: 'The invoice could not be downloaded. Please try again.',
} as const;
