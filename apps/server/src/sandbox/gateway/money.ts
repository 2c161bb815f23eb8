/**
 * Amounts as the gateway sees them: decimal strings or numbers in requests and answers,
 * whole minor units (cents) in the sandbox's tables, so sums and comparisons are exact.
 */

/** ISO 4217 codes the runtime knows; the gateway refuses any other. */
export function isKnownCurrency(currency: string): boolean {
  return Intl.supportedValuesOf('currency').includes(currency);
}

export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** "12.5" or 12.5 in USD -> 1250; undefined when not a positive amount with at most the currency's decimals. */
export function toMinorUnits(amount: string | number, currency: string): number | undefined {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  const digits = minorDigits(currency);
  if (!match || (match[2]?.length ?? 0) > digits) return undefined;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  const minor = Number(`${match[1]}${fraction}`);
  return minor > 0 ? minor : undefined;
}

/** 1250 in USD -> 12.5, as the gateway's JSON answers carry amounts. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** "USD 12.50": the code rather than a symbol, which is ambiguous between dollars. */
export function displayAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  }).format(fromMinorUnits(minor, currency));
}
