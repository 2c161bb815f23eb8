/**
 * A plan's data and days in Arabic or French, for the server's e-mails and invoices: each says
 * them in its own words (an invoice's Arabic has no Latin letters, its French no breaking
 * spaces), around one rule of when MB turns into GB and how many decimals show.
 */
import type { PlanAllowance } from './plan-title';

/** How one language, in one medium, says a plan's data and days. */
export interface AllowanceWords {
  unlimited: string;
  /** `amount` is rounded to at most two decimals, for the language to write. */
  mb: (amount: number) => string;
  gb: (amount: number) => string;
  days: (count: number) => string;
}

const rounded = (value: number) => Number(value.toFixed(2));

/** '1 Go · 7 jours': MB below 1000 MB, GB (1000 MB) from there; any negative amount unlimited. */
export function allowanceIn(allowance: PlanAllowance, words: AllowanceWords): string {
  const { dataMb, unlimited, durationDays } = allowance;
  const data =
    unlimited || dataMb < 0
      ? words.unlimited
      : dataMb < 1000
        ? words.mb(rounded(dataMb))
        : words.gb(rounded(dataMb / 1000));
  return `${data} · ${words.days(durationDays)}`;
}

const arabicPlurals = new Intl.PluralRules('ar');

/**
 * A number of days in Arabic, in the plural form the number takes: 'يوم واحد', 'يومان',
 * '7 أيام', '30 يومًا', '100 يوم' (the web's `plans.validity` message says the same).
 */
export function arabicDayCount(days: number): string {
  switch (arabicPlurals.select(days)) {
    case 'one':
      return 'يوم واحد';
    case 'two':
      return 'يومان';
    case 'few':
      return `${days} أيام`;
    case 'many':
      return `${days} يومًا`;
    default:
      return `${days} يوم`;
  }
}
