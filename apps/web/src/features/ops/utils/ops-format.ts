// How the console writes money and times: exact, in the operator's language, never rounded away.
import type { Language } from '@tern/contract/languages';
import { intlLocale } from '../../../lib/i18n';

export function formatMoney(amount: number, currency: string, language: Language): string {
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
