/**
 * The buyer's ledger: their invoice lines a page at a time, and an invoice as a PDF. Every
 * call for a buyer acts for a signed-in client and only ever sees that client's entries. The
 * orders module books each delivered order's entry here (in its own transaction, passed in).
 */
import {
  breakdownFromTotal,
  invoiceNumber,
  type LedgerEntry,
  type LedgerPage,
  type ParsedLedgerQuery,
  profileMessages,
} from '@tern/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { type AuthenticatedClient, isOwnEmail } from '../auth/require-client';
import { type Invoice, renderInvoicePdf } from './invoice-pdf';
import { toLedgerEntry } from './mappers';
import {
  countLedgerEntries,
  findLedgerEntryForOrder,
  findOwnedLedgerEntry,
  insertLedgerEntryIfAbsent,
  type LedgerRow,
  listClientPurchases,
  listLedgerEntries,
  type NewLedgerRow,
  type PurchaseRow,
} from './repository';

export type { NewLedgerRow, PurchaseRow };

export interface LedgerDependencies {
  db: Db;
  seller: Config['seller'];
}

export interface InvoiceFile {
  fileName: string;
  pdf: Buffer;
}

export type LedgerService = ReturnType<typeof createLedgerService>;

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

  /** Books a delivered order's entry; a second one for the same order changes nothing. */
  function bookOrder(entry: NewLedgerRow, tx: Db = db): Promise<void> {
    return insertLedgerEntryIfAbsent(tx, entry);
  }

  /** The entry booked for an order, if any. */
  async function entryOfOrder(orderId: number, tx: Db = db): Promise<LedgerEntry | undefined> {
    const row = await findLedgerEntryForOrder(tx, orderId);
    return row ? toLedgerEntry(row) : undefined;
  }

  /** The ICCID a client's own entry names; undefined for someone else's entry or none. */
  async function iccidOfOwnEntry(clientId: number, ledgerId: number): Promise<string | undefined> {
    return (await findOwnedLedgerEntry(db, clientId, ledgerId))?.iccid;
  }

  /** What the client bought with each of these orders, by order id. */
  async function purchasesOf(
    clientId: number,
    orderIds: readonly number[],
  ): Promise<Map<number, PurchaseRow>> {
    const rows = await listClientPurchases(db, clientId, orderIds);
    return new Map(rows.map((row) => [row.orderId, row]));
  }

  return { page, invoice, bookOrder, entryOfOrder, iccidOfOwnEntry, purchasesOf };
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
