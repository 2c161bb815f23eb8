/**
 * Pricing rules of the spec (section 9): every shop price is a total that already holds
 * VAT at 11% and a fixed stamps fee of 0.22 USD. All arithmetic is done in whole cents so
 * the shown parts always add up to the total, and the VAT shown is always 11% of the
 * subtotal shown, rounded half up: what a tax inspector recomputes from the invoice
 * (decision 0030).
 */
export const VAT_RATE = 0.11;
export const STAMPS_FEE_USD = 0.22;
export const CURRENCY = 'USD';

/** The rate in whole percent, for integer arithmetic on cents. */
const VAT_PERCENT = 11;
const STAMPS_FEE_CENTS = 22;

export interface PriceBreakdown {
  /** Price before VAT: (total - stamps) / 1.11 to the cent, or the cent below (see below). */
  subtotal: number;
  /** VAT at 11% of the subtotal, rounded half up. */
  vat: number;
  /** The stamps fee; 0.23 on the totals no subtotal reaches exactly (see breakdownInCents). */
  stamps: number;
  total: number;
}

/** The same parts in whole cents. */
export interface PriceBreakdownCents {
  subtotal: number;
  vat: number;
  stamps: number;
  total: number;
}

const toCents = (usd: number): number => Math.round(usd * 100);
const fromCents = (cents: number): number => cents / 100;

/** 11% of a net amount in cents, rounded half up, in integers only (no float noise). */
export function vatOfNetCents(netCents: number): number {
  return Math.floor((netCents * VAT_PERCENT + 50) / 100);
}

/** What a net amount costs with its VAT, in cents. */
const withVat = (netCents: number): number => netCents + vatOfNetCents(netCents);

/**
 * A total in cents split into subtotal, VAT and stamps that add up to it exactly, with
 * VAT = round-half-up(11% of subtotal). The subtotal is the spec's (total - 0.22) / 1.11
 * rounded to the cent, moved by a cent when that one's VAT would not add up.
 *
 * Some totals cannot be reached by any subtotal: as the subtotal grows by a cent, its VAT
 * grows by a cent about once in nine steps, so subtotal + VAT then jumps by two cents
 * (about one total in ten, $1.99 among them: 1.59 + 0.17 = 1.76, 1.60 + 0.18 = 1.78, and
 * 1.99 - 0.22 = 1.77). For those, the rule is: the subtotal is the largest one below, its VAT
 * exactly 11% of it, and the stamps line takes the cent left over (0.23). The stamps then never
 * fall below the 0.22 fee owed, the VAT is never misstated, and the total stays the plan's
 * price, which is what the gateway charged.
 */
export function breakdownInCents(totalCents: number): PriceBreakdownCents {
  if (!Number.isInteger(totalCents) || totalCents < STAMPS_FEE_CENTS) {
    throw new RangeError(`A total must be at least the stamps fee of ${STAMPS_FEE_USD} USD`);
  }
  const afterStamps = totalCents - STAMPS_FEE_CENTS;
  const spec = Math.round((afterStamps * 100) / (100 + VAT_PERCENT));
  // The nearest subtotal that adds up; a cent either side is always enough to find one.
  const exact = [spec, spec - 1, spec + 1].find((net) => net >= 0 && withVat(net) === afterStamps);
  const subtotal = exact ?? largestNetBelow(afterStamps, spec);
  const vat = vatOfNetCents(subtotal);
  return { subtotal, vat, stamps: totalCents - subtotal - vat, total: totalCents };
}

/** The largest subtotal whose amount with VAT stays below `afterStamps`. */
function largestNetBelow(afterStamps: number, from: number): number {
  let net = from + 1;
  while (net > 0 && withVat(net) > afterStamps) net -= 1;
  return net;
}

/** The spec's price before VAT, to the cent, as the order summary and the invoice show it. */
export function priceBeforeVat(total: number): number {
  return breakdownFromTotal(total).subtotal;
}

/** breakdownInCents for a total in dollars, the parts in dollars. */
export function breakdownFromTotal(total: number): PriceBreakdown {
  if (!Number.isFinite(total) || total < STAMPS_FEE_USD) {
    throw new RangeError(`A total must be at least the stamps fee of ${STAMPS_FEE_USD} USD`);
  }
  const cents = breakdownInCents(toCents(total));
  return {
    subtotal: fromCents(cents.subtotal),
    vat: fromCents(cents.vat),
    stamps: fromCents(cents.stamps),
    total: fromCents(cents.total),
  };
}

/** Money as the shop shows it: two decimals, no currency sign. */
export function formatAmount(amount: number): string {
  return amount.toFixed(2);
}

/** The lowest price of a list, ignoring zero prices (spec section 9); undefined when none. */
export function lowestPrice(prices: readonly number[]): number | undefined {
  const paid = prices.filter((price) => price > 0);
  return paid.length > 0 ? Math.min(...paid) : undefined;
}
