/**
 * The money section of the console: a period's invoices and credit notes by day and by the
 * country each invoice names, each price split into net, VAT and stamps by the contract's one
 * rule (pricing.ts), as the invoice and the credit note split it, so the report adds up to the
 * documents an accountant holds. Sums are made in cents and said in the shop's currency.
 */
import { breakdownInCents, CURRENCY, type MoneyFigures, type OpsMoney } from '@tern/contract';
import type { PriceCountRow } from '../ledger/service';
import type { Period } from './period';

type Cents = Omit<MoneyFigures, 'vatDue'>;

const noMoney = (): Cents => ({
  salesCount: 0,
  salesGross: 0,
  salesNet: 0,
  salesVat: 0,
  salesStamps: 0,
  salesDiscount: 0,
  salesCredit: 0,
  refundsCount: 0,
  refundsAmount: 0,
  refundsNet: 0,
  refundsVat: 0,
  refundsStamps: 0,
});

export interface LedgerCounts {
  sales: PriceCountRow[];
  refunds: PriceCountRow[];
}

export type ProviderBalance = Pick<OpsMoney, 'providerBalance' | 'providerBalanceFloor'>;

export function moneyReport(
  period: Period,
  counts: LedgerCounts,
  balance: ProviderBalance,
): OpsMoney {
  const rows = new Map<string, Cents & { day: string; iso: string; country: string }>();
  const byDay = new Map(period.days.map((day) => [day, noMoney()]));
  const byCountry = new Map<string, Cents & { iso: string; country: string }>();
  const totals = noMoney();

  const tally = (row: PriceCountRow, add: (figures: Cents) => void) => {
    const { day, iso, country } = row;
    const key = JSON.stringify([iso, country]);
    const dayKey = JSON.stringify([day, iso, country]);
    if (!rows.has(dayKey)) rows.set(dayKey, { day, iso, country, ...noMoney() });
    if (!byCountry.has(key)) byCountry.set(key, { iso, country, ...noMoney() });
    for (const figures of [rows.get(dayKey), byCountry.get(key), byDay.get(day), totals]) {
      if (figures) add(figures);
    }
  };
  for (const row of counts.sales) {
    const split = breakdownInCents(row.priceCents);
    tally(row, (figures) => {
      figures.salesCount += row.entries;
      figures.salesGross += split.total * row.entries;
      figures.salesNet += split.subtotal * row.entries;
      figures.salesVat += split.vat * row.entries;
      figures.salesStamps += split.stamps * row.entries;
      figures.salesDiscount += row.discountCents;
      figures.salesCredit += row.creditCents;
    });
  }
  for (const row of counts.refunds) {
    const split = breakdownInCents(row.priceCents);
    tally(row, (figures) => {
      figures.refundsCount += row.entries;
      figures.refundsAmount += split.total * row.entries;
      figures.refundsNet += split.subtotal * row.entries;
      figures.refundsVat += split.vat * row.entries;
      figures.refundsStamps += split.stamps * row.entries;
    });
  }

  return {
    from: period.from,
    to: period.to,
    currency: CURRENCY,
    rows: [...rows.values()]
      .sort((a, b) => a.day.localeCompare(b.day) || a.iso.localeCompare(b.iso))
      .map(({ day, iso, country, ...cents }) => ({ day, iso, country, ...inUnits(cents) })),
    byDay: [...byDay].map(([day, cents]) => ({ day, ...inUnits(cents) })),
    byCountry: [...byCountry.values()]
      .sort((a, b) => b.salesGross - a.salesGross || a.iso.localeCompare(b.iso))
      .map(({ iso, country, ...cents }) => ({ iso, country, ...inUnits(cents) })),
    totals: inUnits(totals),
    ...balance,
  };
}

/** Cents as the shop's money, with the VAT due. */
function inUnits(cents: Cents): MoneyFigures {
  const unit = (amount: number) => amount / 100;
  return {
    salesCount: cents.salesCount,
    salesGross: unit(cents.salesGross),
    salesNet: unit(cents.salesNet),
    salesVat: unit(cents.salesVat),
    salesStamps: unit(cents.salesStamps),
    salesDiscount: unit(cents.salesDiscount),
    salesCredit: unit(cents.salesCredit),
    refundsCount: cents.refundsCount,
    refundsAmount: unit(cents.refundsAmount),
    refundsNet: unit(cents.refundsNet),
    refundsVat: unit(cents.refundsVat),
    refundsStamps: unit(cents.refundsStamps),
    vatDue: unit(cents.salesVat - cents.refundsVat),
  };
}
