// How the console writes money and times: exact, in the operator's language, never rounded away.
import type { Language } from '@tern/contract/languages';
import { intlLocale } from '../../../lib/i18n';

export function formatMoney(amount: number, currency: string, language: Language): string {
  if (language === 'ar') {
    // As the shop writes prices in Arabic (lib/i18n formatPrice): Latin digits and a decimal
    // point, isolated left to right (LRI … PDI) so the sign stays before the number.
    const number = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
    return `\u2066${number}\u2069`;
  }
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(
    amount,
  );
}

/** Date and time to the second, with the zone: a timeline is read against other systems' logs. */
export function formatMoment(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** Today as the reconciliation names days: YYYY-MM-DD in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** How long a run took, in seconds to a tenth: a sync is read in seconds, not milliseconds. */
export function formatDuration(milliseconds: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(milliseconds / 1000);
}

/** A language named in the operator's own (French, français, الفرنسية), as a select lists it. */
export function languageName(code: Language, language: Language): string {
  return new Intl.DisplayNames([intlLocale(language)], { type: 'language' }).of(code) ?? code;
}
