/**
 * The buyer's ledger: their invoice lines a page at a time, and an invoice as a PDF, each plan
 * named in the shop's words. Every call for a buyer acts for a signed-in client and only ever
 * sees that client's entries. The orders module books each delivered order's entry here (in
 * its own transaction, passed in); the eSIMs module reads what was bought for each eSIM.
 */
import {
  breakdownInCents,
  creditNoteNumber,
  invoiceNumber,
  type Language,
  type LedgerEntry,
  type LedgerPage,
  type ParsedLedgerQuery,
  type PlanAllowance,
} from '@tern/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { type AuthenticatedClient, isOwnEmail } from '../auth/require-client';
import { destinationIn } from './invoice-names';
import { type Invoice, type InvoiceDocument, renderInvoicePdf } from './invoice-pdf';
import { toLedgerEntry, toProfileLedgerEntry } from './mappers';
import { createPlanTitles, type PlanCatalogue, type ShopPlan } from './plan-titles';
import {
  countEntriesByDayAndPrice,
  countLedgerEntries,
  findLedgerEntryForOrder,
  findOwnedLedgerEntry,
  insertLedgerEntryIfAbsent,
  type LedgerRow,
  listClientPurchasesOfEsims,
  listEsimsBookedSince,
  listLedgerEntries,
  markLedgerEntryProviderRefunded,
  markLedgerEntryRefunded,
  type NewLedgerRow,
  type PriceCountRow,
  type PurchaseRow,
} from './repository';

export type { NewLedgerRow, PriceCountRow, PurchaseRow, ShopPlan };

/**
 * A purchase for an eSIM with its plan in the shop's words, and what the plan gives (null
 * once the catalogue no longer lists it) for the e-mails to name it in the buyer's language.
 */
export type EsimPurchase = PurchaseRow & ShopPlan & { allowance: PlanAllowance | null };

export interface LedgerDependencies {
  db: Db;
  seller: Config['seller'];
  /** Where bought plans are looked up by name, to be titled in the shop's words. */
  catalog: PlanCatalogue;
  /** A catalogue that could not be read: titles fall back to the stored descriptions. */
  onCatalogError(error: unknown): void;
}

export interface InvoiceFile {
  fileName: string;
  pdf: Buffer;
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/** What an entry is drawn as: its invoice or its credit note, with that sheet's number and date. */
interface Sheet {
  document: InvoiceDocument;
  number: string;
  issuedAt: Date;
}

export function createLedgerService({ db, seller, catalog, onCatalogError }: LedgerDependencies) {
  const titles = createPlanTitles(catalog, onCatalogError);
  const shopPlanOf = (row: LedgerRow | PurchaseRow) =>
    titles.shopPlan({
      planName: row.planName,
      planDescription: row.planDescription,
      destination: row.iso,
    });

  /** The client's entries; `email` comes from the spec's path and must be the caller's own. */
  async function page(
    client: AuthenticatedClient,
    email: string,
    query: ParsedLedgerQuery,
  ): Promise<LedgerPage> {
    if (!email.trim()) throw badRequest('profileMessages.emailRequired');
    if (!isOwnEmail(client, email)) throw forbidden('profileMessages.emailMismatch');
    // An empty search is no search: the repository ignores it.
    const filter = { clientId: client.id, search: query.search };
    const [rows, total] = await Promise.all([
      listLedgerEntries(db, filter, { skip: query.skip, limit: query.limit }),
      countLedgerEntries(db, filter),
    ]);
    const data = await Promise.all(
      rows.map(async (row) => toProfileLedgerEntry(row, (await shopPlanOf(row)).title)),
    );
    return { data, total };
  }

  async function ownEntry(client: AuthenticatedClient, ledgerId: number): Promise<LedgerRow> {
    const entry = await findOwnedLedgerEntry(db, client.id, ledgerId);
    // Someone else's entry answers like none at all: ids are not to be probed.
    if (!entry) throw notFound('profileMessages.ledgerEntryNotFound');
    return entry;
  }

  /** The entry drawn as an invoice or its credit note, named in the buyer's language. */
  async function render(
    entry: LedgerRow,
    sheet: Sheet,
    client: AuthenticatedClient,
    language: Language,
  ): Promise<InvoiceFile> {
    const planTitle = await titles.titleIn(
      { planName: entry.planName, planDescription: entry.planDescription, destination: entry.iso },
      language,
    );
    const pdf = await renderInvoicePdf({
      ...sheet,
      seller,
      buyer: { name: client.name, email: client.email },
      item: {
        planTitle,
        iccid: entry.iccid,
        destination: destinationIn(entry.iso, entry.country, language),
      },
      amounts: amountsOf(entry),
      offPrice:
        entry.creditCents > 0 || entry.discountCents > 0
          ? {
              price: (entry.enduserPriceCents + entry.creditCents + entry.discountCents) / 100,
              discount: entry.discountCents / 100,
              credit: entry.creditCents / 100,
            }
          : undefined,
      currency: entry.currency,
      paymentReference: entry.paymentGatewayRef,
      language,
    } satisfies Invoice);
    return { fileName: `${sheet.number}.pdf`, pdf };
  }

  /**
   * A PDF of one of the buyer's entries, in the buyer's language unless another is asked for:
   * `sheetOf` says what the entry is drawn as, or refuses it.
   */
  function download(sheetOf: (entry: LedgerRow) => Sheet) {
    return async (
      client: AuthenticatedClient,
      ledgerId: number,
      language: Language = client.language,
    ): Promise<InvoiceFile> => {
      const entry = await ownEntry(client, ledgerId);
      return render(entry, sheetOf(entry), client, language);
    };
  }

  const invoice = download((entry) => ({
    document: { kind: 'invoice' },
    number: invoiceNumber(entry.id),
    issuedAt: entry.bookedAt,
  }));

  /** The credit note of a refunded entry: 404 while its money has not gone back. */
  const creditNote = download((entry) => {
    if (!entry.refundedAt) throw notFound('profileMessages.creditNoteNotFound');
    return {
      document: { kind: 'credit-note', invoiceNumber: invoiceNumber(entry.id) },
      number: creditNoteNumber(entry.id),
      issuedAt: entry.refundedAt,
    };
  });

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

  /**
   * What the client bought for each of these eSIMs, newest first, by ICCID; with no client,
   * what anyone bought for them (the owner of a gifted eSIM reads its buyer's purchase).
   */
  async function purchasesOfEsims(
    clientId: number | undefined,
    iccids: readonly string[],
  ): Promise<Map<string, EsimPurchase[]>> {
    const rows = await listClientPurchasesOfEsims(db, clientId, iccids);
    const purchases = await Promise.all(
      rows.map(
        async (row): Promise<EsimPurchase> => ({
          ...row,
          ...(await shopPlanOf(row)),
          allowance: (await titles.allowanceOf({ ...row, destination: row.iso })) ?? null,
        }),
      ),
    );
    const byIccid = new Map<string, EsimPurchase[]>();
    for (const purchase of purchases) {
      const list = byIccid.get(purchase.iccid);
      if (list) list.push(purchase);
      else byIccid.set(purchase.iccid, [purchase]);
    }
    return byIccid;
  }

  /** The order's money went back: its invoice line shows the credit (refunds module). */
  function markRefunded(orderId: number, at: Date, tx: Db = db): Promise<void> {
    return markLedgerEntryRefunded(tx, orderId, at);
  }

  function markProviderRefunded(orderId: number, cents: number | null, at: Date, tx: Db = db) {
    return markLedgerEntryProviderRefunded(tx, orderId, cents, at);
  }

  return {
    page,
    invoice,
    creditNote,
    bookOrder,
    entryOfOrder,
    iccidOfOwnEntry,
    purchasesOfEsims,
    markRefunded,
    markProviderRefunded,
    /**
     * The invoices booked and the credit notes issued in [start, end), counted by day, invoice
     * country and price (the operators' money report).
     */
    salesAndRefunds: async (start: Date, end: Date) => {
      const [sales, refunds] = await Promise.all([
        countEntriesByDayAndPrice(db, 'booked', start, end),
        countEntriesByDayAndPrice(db, 'refunded', start, end),
      ]);
      return { sales, refunds };
    },
    /** The eSIMs with a purchase booked since then, and their buyers (the usage alert poll). */
    esimsBookedSince: (since: Date) => listEsimsBookedSince(db, since),
  };
}

/** The entry's price split as the contract's rule splits every price (pricing.ts). */
function amountsOf(entry: LedgerRow): Invoice['amounts'] {
  const cents = breakdownInCents(entry.enduserPriceCents);
  return {
    subtotal: cents.subtotal / 100,
    vat: cents.vat / 100,
    stamps: cents.stamps / 100,
    total: cents.total / 100,
  };
}
