/**
 * Pricing rules of the spec (section 9): every shop price is a total that already holds
 * VAT at 11% and a fixed stamps fee of 0.22 USD. All arithmetic is done in whole cents so
 * the shown parts always add up to the total.
 */
export const VAT_RATE = 0.11;
export const STAMPS_FEE_USD = 0.22;
export const CURRENCY = 'USD';

export interface PriceBreakdown {
  /** Price before VAT: (total - stamps) / 1.11, rounded to the cent. */
  subtotal: number;
  /** VAT at 11%: what is left of the total after subtotal and stamps, so the parts add up. */
  vat: number;
  stamps: number;
  total: number;
}

const toCents = (usd: number): number => Math.round(usd * 100);
const fromCents = (cents: number): number => cents / 100;

export function priceBeforeVat(total: number): number {
  return fromCents(Math.round((toCents(total) - toCents(STAMPS_FEE_USD)) / (1 + VAT_RATE)));
}

export function breakdownFromTotal(total: number): PriceBreakdown {
  if (!Number.isFinite(total) || total < STAMPS_FEE_USD) {
    throw new RangeError(`A total must be at least the stamps fee of ${STAMPS_FEE_USD} USD`);
  }
  const totalCents = toCents(total);
  const stampsCents = toCents(STAMPS_FEE_USD);
  const subtotalCents = toCents(priceBeforeVat(total));
  return {
    subtotal: fromCents(subtotalCents),
    vat: fromCents(totalCents - stampsCents - subtotalCents),
    stamps: fromCents(stampsCents),
    total: fromCents(totalCents),
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
