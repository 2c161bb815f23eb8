/**
 * The shop's markup on a provider bundle (not VAT: VAT and stamps are the contract's
 * pricing.ts): the provider's price plus the markup (CATALOG_MARKUP_PERCENT, or the one an
 * operator saved), rounded up by default to the next x.99 (a shelf price travellers are used
 * to). Whole cents throughout.
 */
import type { Markup, MarkupRounding } from '@tern/contract';

/** Shop price in cents for a provider price in cents; never below the provider's price. */
export function shopPriceCents(
  providerCents: number,
  markupPercent: number,
  rounding: MarkupRounding = 'ninety-nine',
): number {
  if (!Number.isInteger(providerCents) || providerCents < 0) {
    throw new RangeError(`A provider price must be whole cents, got ${providerCents}`);
  }
  // 1e-9 keeps float noise (e.g. 1000 * 1.35 = 1350.0000000000002) from adding a cent.
  const marked = Math.ceil((providerCents * (100 + Math.max(0, markupPercent))) / 100 - 1e-9);
  return roundUp(Math.max(marked, providerCents), rounding);
}

/** shopPriceCents with a whole markup, percent and rounding. */
export function markedUpCents(providerCents: number, markup: Markup): number {
  return shopPriceCents(providerCents, markup.percent, markup.rounding);
}

function roundUp(cents: number, rounding: MarkupRounding): number {
  switch (rounding) {
    case 'ninety-nine':
      return roundUpToNinetyNine(cents);
    case 'forty-nine-or-ninety-nine':
      return roundUpToFortyNineOrNinetyNine(cents);
    case 'cent':
      return cents;
  }
}

/** The smallest amount ending in .49 or .99 that is at least `cents`. */
export function roundUpToFortyNineOrNinetyNine(cents: number): number {
  const candidate = Math.floor(cents / 50) * 50 + 49;
  return candidate >= cents ? candidate : candidate + 50;
}

/** The smallest amount ending in .99 that is at least `cents`. */
export function roundUpToNinetyNine(cents: number): number {
  const candidate = Math.floor(cents / 100) * 100 + 99;
  return candidate >= cents ? candidate : candidate + 100;
}

export function toCents(usd: number): number {
  return Math.round(usd * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
