/**
 * Data access of the ledger: a buyer's entries, a page at a time and searchable, and one
 * entry by id, each query scoped to the client, so another buyer's rows never come back; and
 * the one entry each delivered order books, which the orders module writes through the service.
 */
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type LedgerRow, ledgerEntries, ledgerEntryColumns } from '../../db/schema';

export type { LedgerRow };
export type NewLedgerRow = Omit<typeof ledgerEntries.$inferInsert, 'id'>;

/** The unique order_id makes a second entry for one order a no-op, whoever tries. */
export async function insertLedgerEntryIfAbsent(db: Db, values: NewLedgerRow): Promise<void> {
  await db.insert(ledgerEntries).values(values).onConflictDoNothing({
    target: ledgerEntries.orderId,
  });
}

export async function findLedgerEntryForOrder(
  db: Db,
  orderId: number,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select(ledgerEntryColumns)
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
  return row;
}

/** What an order bought for an eSIM, as its entry booked it. */
export interface PurchaseRow {
  orderId: number;
  iccid: string;
  planName: string;
  planDescription: string;
  iso: string;
  country: string;
  bookedAt: Date;
  /** When its money was given back (self-service refund); null while it stands. */
  refundedAt: Date | null;
}

/**
 * What the client bought for these eSIMs: each one's first purchase and its top-ups (a
 * top-up's entry names the eSIM it topped up), newest first.
 */
export function listClientPurchasesOfEsims(
  db: Db,
  clientId: number | undefined,
  iccids: readonly string[],
): Promise<PurchaseRow[]> {
  if (iccids.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: ledgerEntries.orderId,
      iccid: ledgerEntries.iccid,
      planName: ledgerEntries.planName,
      planDescription: ledgerEntries.planDescription,
      iso: ledgerEntries.iso,
      country: ledgerEntries.country,
      bookedAt: ledgerEntries.bookedAt,
      refundedAt: ledgerEntries.refundedAt,
    })
    .from(ledgerEntries)
    .where(
      and(
        clientId === undefined ? undefined : eq(ledgerEntries.clientId, clientId),
        inArray(ledgerEntries.iccid, [...iccids]),
      ),
    )
    .orderBy(desc(ledgerEntries.bookedAt), desc(ledgerEntries.id));
}

/** Marks an order's entry refunded; a second mark keeps the first time. */
export async function markLedgerEntryRefunded(db: Db, orderId: number, at: Date): Promise<void> {
  await db
    .update(ledgerEntries)
    .set({ refundedAt: at })
    .where(and(eq(ledgerEntries.orderId, orderId), isNull(ledgerEntries.refundedAt)));
}

/** The provider's side of a refund: what eSIM Go credited back for the returned bundle. */
export async function markLedgerEntryProviderRefunded(
  db: Db,
  orderId: number,
  cents: number | null,
  at: Date,
): Promise<void> {
  await db
    .update(ledgerEntries)
    .set({ providerRefundCents: cents, providerRefundedAt: at })
    .where(and(eq(ledgerEntries.orderId, orderId), isNull(ledgerEntries.providerRefundedAt)));
}

export interface LedgerFilter {
  clientId: number;
  /** Matched anywhere in the ICCID, plan name or plan description, ignoring case. */
  search?: string;
}

/** A page of the client's entries, newest first (the id breaks ties of the same moment). */
export function listLedgerEntries(
  db: Db,
  filter: LedgerFilter,
  page: { skip: number; limit: number },
): Promise<LedgerRow[]> {
  return db
    .select(ledgerEntryColumns)
    .from(ledgerEntries)
    .where(matching(filter))
    .orderBy(desc(ledgerEntries.bookedAt), desc(ledgerEntries.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function countLedgerEntries(db: Db, filter: LedgerFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(ledgerEntries).where(matching(filter));
  return row?.total ?? 0;
}

/** The entry, when this client owns it. */
export async function findOwnedLedgerEntry(
  db: Db,
  clientId: number,
  id: number,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select(ledgerEntryColumns)
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, id), eq(ledgerEntries.clientId, clientId)));
  return row;
}

function matching(filter: LedgerFilter): SQL | undefined {
  const owned = eq(ledgerEntries.clientId, filter.clientId);
  if (!filter.search) return owned;
  const pattern = `%${escapeLike(filter.search)}%`;
  return and(
    owned,
    or(
      ilike(ledgerEntries.iccid, pattern),
      ilike(ledgerEntries.planName, pattern),
      ilike(ledgerEntries.planDescription, pattern),
    ),
  );
}

/** A search for "50%" or "a_b" means those characters, not LIKE's wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Each eSIM with a purchase (first one or top-up) booked since `since`, with its buyer. */
export function listEsimsBookedSince(
  db: Db,
  since: Date,
): Promise<{ iccid: string; clientId: number }[]> {
  return db
    .selectDistinct({ iccid: ledgerEntries.iccid, clientId: ledgerEntries.clientId })
    .from(ledgerEntries)
    .where(gte(ledgerEntries.bookedAt, since))
    .orderBy(ledgerEntries.iccid);
}

/** How many entries of one price a day and a country had: a day's sales or credit notes. */
export interface PriceCountRow {
  /** The UTC calendar day, YYYY-MM-DD. */
  day: string;
  iso: string;
  country: string;
  priceCents: number;
  entries: number;
  /** Sums over the group's entries: promo discounts and store credit (issue 31). */
  discountCents: number;
  creditCents: number;
}

/**
 * The entries booked (or refunded) in [start, end), counted by UTC day, invoice country and
 * price: few groups whatever the number of sales, and each price splits into VAT the same way.
 */
export function countEntriesByDayAndPrice(
  db: Db,
  moment: 'booked' | 'refunded',
  start: Date,
  end: Date,
): Promise<PriceCountRow[]> {
  const at = moment === 'booked' ? ledgerEntries.bookedAt : ledgerEntries.refundedAt;
  const day = sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      iso: ledgerEntries.iso,
      country: ledgerEntries.country,
      priceCents: ledgerEntries.enduserPriceCents,
      entries: sql<number>`count(*)::int`,
      discountCents: sql<number>`coalesce(sum(${ledgerEntries.discountCents}), 0)::int`,
      creditCents: sql<number>`coalesce(sum(${ledgerEntries.creditCents}), 0)::int`,
    })
    .from(ledgerEntries)
    .where(and(gte(at, start), lt(at, end)))
    .groupBy(day, ledgerEntries.iso, ledgerEntries.country, ledgerEntries.enduserPriceCents)
    .orderBy(day, ledgerEntries.iso);
}
