/**
 * An invoice's number as the invoice PDF prints it: INV- and the ledger entry's id, six digits
 * at least. It mirrors the server's invoiceNumber (apps/server/src/modules/ledger/service.ts).
 */
import type { LedgerEntry } from '@tern/contract';

export function invoiceNumber(entry: Pick<LedgerEntry, 'led_id'>): string {
  return `INV-${String(entry.led_id).padStart(6, '0')}`;
}
