/** Amounts as MPGS takes them in requests. */

/** MPGS takes amounts as decimal strings with the currency's own number of decimals. */
export function gatewayAmount(amount: number, currency: string): string {
  if (!Number.isFinite(amount) || amount <= 0) {
    throw new RangeError(`A gateway amount must be positive, got ${amount}`);
  }
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return amount.toFixed(digits);
}
