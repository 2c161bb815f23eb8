/**
 * The period of a money report or an export: calendar days, UTC, as the reconciliation counts
 * them; the last 30 days by default, a year at most.
 */
import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS, type OpsPeriodQuery } from '@tern/contract';
import { badRequest } from '../../errors';

const DAY_MS = 86_400_000;

export interface Period {
  from: string;
  to: string;
  /** The first day's start. */
  start: Date;
  /** The day after the last one's start: the period is [start, end). */
  end: Date;
  /** Every day of the period, YYYY-MM-DD, in order. */
  days: string[];
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function periodOf(query: OpsPeriodQuery, now: Date): Period {
  const to = query.to ?? dayOf(now);
  const from =
    query.from ?? dayOf(new Date(startOfDay(to).getTime() - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS));
  const start = startOfDay(from);
  const end = new Date(startOfDay(to).getTime() + DAY_MS);
  const dayCount = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (dayCount < 1) throw badRequest('opsReportMessages.periodReversed');
  if (dayCount > MAX_PERIOD_DAYS) throw badRequest('opsReportMessages.periodTooLong');
  const days = Array.from({ length: dayCount }, (_, index) =>
    dayOf(new Date(start.getTime() + index * DAY_MS)),
  );
  return { from, to, start, end, days };
}
