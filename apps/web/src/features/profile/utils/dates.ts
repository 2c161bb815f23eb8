/**
 * Dates as the profile reads and shows them: in the traveller's own locale and time zone (the
 * browser's) unless the caller names others, and always with the month in words, so that
 * "Nov 30, 2026" or "30 Nov 2026" can never be read as another day the way 11/30 and 30/11 can.
 */

/** The date `value` names, or undefined when there is none or it cannot be read. */
export function parseDate(value: Date | string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** 'Nov 30, 2026' (en-US), '30 Nov 2026' (en-GB), '30. Nov. 2026' (de). */
export function formatDate(value: Date | string, timeZone?: string, locale?: string): string {
  const date = parseDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { ...DAY, timeZone }).format(date);
}

/** 'Nov 30, 2026, 2:05 PM' (en-US), '30 Nov 2026, 14:05' (en-GB). */
export function formatDateTime(value: Date | string, timeZone?: string, locale?: string): string {
  const date = parseDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { ...DAY, ...TIME, timeZone }).format(date);
}
