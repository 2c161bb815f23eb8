/**
 * One way to cover a trip: its total price and plans, each plan named (its country or region
 * and how many countries it works in) with the flags of the countries it is for (a list of
 * flags and names, the map of what it covers), its data and whether that data is shared, its
 * price and a Buy button into the normal purchase path. An option of several plans says they
 * are bought one after another, one order each; one plan for several stops says it is one eSIM.
 */
import type { Plan } from '@tern/contract/catalog';
import type { TripOption } from '@tern/contract/trip';
import { useId } from 'react';
import { formatPrice, formatValidity, planTitleText } from '../utils/plan-format';
import { tripPlanData, tripPlanName } from '../utils/trip-plan-text';
import { Flag } from './flag';
import { usePlanWords } from './plan-card';

interface TripOptionCardProps {
  option: TripOption;
  /** 1 for the first (cheapest) option. */
  index: number;
  nameOf: (iso: string) => string;
  onBuy: (plan: Plan) => void;
  /** The stop-over the traveller named (issue 31), if any. */
  stopover?: string;
  /** Whether a plan works in the stop-over, so connecting there would start its clock. */
  startsAtStopover?: (plan: Plan) => boolean;
}

export function TripOptionCard({
  option,
  index,
  nameOf,
  onBuy,
  stopover,
  startsAtStopover,
}: TripOptionCardProps) {
  const id = useId();
  const words = usePlanWords();
  const { t, language } = words;
  const count = option.plans.length;
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${
        index === 1 ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
      }`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
            {t('trip.option.title', { index })}
            {index === 1 ? ' ' : null}
            {index === 1 ? (
              <span className="ms-2 inline-block rounded-full bg-brand-50 px-2.5 py-0.5 align-middle text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
                {t('trip.option.cheapest')}
              </span>
            ) : null}
          </h3>
          <p className="mt-0.5 text-sm text-slate-700">
            {t('trip.option.plans', { count })} ·{' '}
            {t('trip.option.lasts', { validity: formatValidity(option.days, words) })}
          </p>
        </div>
        <p className="text-end">
          <span className="block text-xs font-medium text-slate-600">{t('trip.option.total')}</span>
          <span dir="ltr" className="text-2xl font-bold text-brand-800">
            {formatPrice(option.total_price, language)}
          </span>
        </p>
      </header>

      {count === 1 && (option.plans[0]?.countries.length ?? 0) > 1 ? (
        <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-100">
          {t('trip.option.oneEsim')}
        </p>
      ) : null}
      {count > 1 ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('trip.option.oneByOne', { count })}
        </p>
      ) : null}

      <ol className="mt-4 space-y-3">
        {option.plans.map((entry, step) => {
          const planId = `${id}-plan-${step}`;
          const data = tripPlanData(entry, words, nameOf);
          return (
            <li
              key={entry.plan.pla_id}
              className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  {count > 1 ? (
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                      {t('trip.plan.step', { index: step + 1, count })}
                    </p>
                  ) : null}
                  <p id={`${planId}-name`} className="font-semibold text-slate-900">
                    {tripPlanName(entry.plan, words)}
                  </p>
                  <p id={`${planId}-title`} className="text-sm font-medium text-slate-800">
                    {planTitleText(entry.plan, words)}
                  </p>
                  {data ? <p className="text-sm text-slate-700">{data}</p> : null}
                </div>
                <p id={`${planId}-price`} dir="ltr" className="font-bold text-slate-900">
                  {formatPrice(entry.plan.pla_price, language)}
                </p>
              </div>
              <ul
                aria-label={t('trip.plan.worksIn')}
                className="mt-2 flex flex-wrap gap-x-3 gap-y-1.5 text-sm text-slate-800"
              >
                {entry.countries.map((iso) => (
                  <li key={iso} className="flex items-center gap-1.5">
                    <Flag iso={iso} width={24} className="h-[18px] w-6" />
                    <span>{nameOf(iso)}</span>
                  </li>
                ))}
              </ul>
              {stopover && startsAtStopover?.(entry.plan) ? (
                <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
                  {t('trip.plan.stopover', {
                    name: nameOf(stopover),
                    days: entry.plan.pla_duration,
                  })}
                </p>
              ) : null}
              <button
                type="button"
                aria-describedby={`${planId}-name ${planId}-title ${planId}-price`}
                onClick={() => onBuy(entry.plan)}
                className="mt-3 rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                {t('trip.plan.buy')}
              </button>
            </li>
          );
        })}
      </ol>
    </article>
  );
}
