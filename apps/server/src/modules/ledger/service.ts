/**
 * The buyer's ledger: their invoice lines a page at a time, and an invoice as a PDF.
 * Every call acts for a signed-in client and only ever sees that client's entries.
 */
import {
  breakdownFromTotal,
  invoiceNumber,
  type LedgerPage,
  type ParsedLedgerQuery,
  profileMessages,
} from '@tern/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { type AuthenticatedClient, isOwnEmail } from '../auth/require-client';
// The one mapping of ledger rows to the contract's entry, shared with the orders module.
import { toLedgerEntry } from '../orders/mappers';
import { type Invoice, renderInvoicePdf } from './invoice-pdf';
import {
  countLedgerEntries,
  findOwnedLedgerEntry,
  type LedgerRow,
  listLedgerEntries,
} from './repository';

export interface LedgerDependencies {
  db: Db;
  seller: Config['seller'];
}

export interface InvoiceFile {
  fileName: string;
  pdf: Buffer;
}

export function createLedgerService({ db, seller }: LedgerDependencies) {
  /** The client's entries; `email` comes from the spec's path and must be the caller's own. */
  async function page(
    client: AuthenticatedClient,
    email: string,
    query: ParsedLedgerQuery,
  ): Promise<LedgerPage> {
    if (!email.trim()) throw badRequest(profileMessages.emailRequired);
    if (!isOwnEmail(client, email)) throw forbidden(profileMessages.emailMismatch);
    // An empty search is no search: the repository ignores it.
    const filter = { clientId: client.id, search: query.search };
    const [rows, total] = await Promise.all([
      listLedgerEntries(db, filter, { skip: query.skip, limit: query.limit }),
      countLedgerEntries(db, filter),
    ]);
    return { data: rows.map(toLedgerEntry), total };
  }

  async function invoice(client: AuthenticatedClient, ledgerId: number): Promise<InvoiceFile> {
    const entry = await findOwnedLedgerEntry(db, client.id, ledgerId);
    // Someone else's entry answers like none at all: ids are not to be probed.
    if (!entry) throw notFound(profileMessages.ledgerEntryNotFound);
    const number = invoiceNumber(entry.id);
    const pdf = await renderInvoicePdf(toInvoice(entry, number, client, seller));
    return { fileName: `${number}.pdf`, pdf };
  }

  return { page, invoice };
}

function toInvoice(
  entry: LedgerRow,
  number: string,
  buyer: AuthenticatedClient,
  seller: Config['seller'],
): Invoice {
  return {
    number,
    issuedAt: entry.bookedAt,
    seller,
    buyer: { name: buyer.name, email: buyer.email },
    item: {
      planName: entry.planName,
      planDescription: entry.planDescription,
      iccid: entry.iccid,
      destination: entry.country,
    },
    amounts: breakdownFromTotal(entry.enduserPriceCents / 100),
    currency: entry.currency,
    paymentReference: entry.paymentGatewayRef,
  };
}
