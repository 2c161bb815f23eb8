/**
 * The trip planner (`#/trip`, issue 17): the countries of a trip, its length (days, or two
 * dates) and, if it matters, the data needed; then the cheapest ways to cover them all,
 * from GET /api/plan/trip. The trip lives in the page's address, so it can be shared and
 * come back to between the purchases of an option's plans. Buying a plan goes the normal
 * way: the compatibility check, then plan confirmation (sign-in first when signed out).
 */
import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@tern/contract/catalog';
import { isRegionName } from '@tern/contract/catalog-constants';
import { planDetailsQuery } from '@tern/contract/plan-details-link';
import { hrefTo, paths } from '@tern/contract/routes';
import type { TripQuery } from '@tern/contract/trip';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { countryName, useLanguage, useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { useCountries } from '../api/get-countries';
import { useRegionCoverage } from '../api/get-region-coverage';
import { useTripPlan } from '../api/get-trip-plan';
import { CompatibilityDialog } from '../components/compatibility-dialog';
import { TripForm } from '../components/trip-form';
import { TripOptionCard } from '../components/trip-option-card';
import { TripStopoverField } from '../components/trip-stopover-field';
import { worldCountriesQuery } from '../hooks/use-destination-search';
import { formatPrice, placeName } from '../utils/plan-format';
import {
  searchOfTrip,
  startsAtStopover,
  stopoverFromSearch,
  tripFromSearch,
  withStopover,
} from '../utils/trip-form';

export function TripPage() {
  const t = useT();
  const { language } = useLanguage();
  usePageMeta(t('trip.meta.title'), t('trip.meta.description'));
  const [searchParams, setSearchParams] = useSearchParams();
  const trip = useMemo(() => tripFromSearch(searchParams), [searchParams]);
  const stopover = stopoverFromSearch(searchParams);
  const world = useQuery(worldCountriesQuery);
  const nameOf = useCountryNames();
  const navigate = useNavigate();
  const [buying, setBuying] = useState<{ plan: Plan; open: boolean }>();

  const proceed = (plan: Plan) => {
    // The plan's own page is where "Back to Plans" and a return from sign-in lead.
    session.savePendingPlan(plan, planPageOf(plan));
    navigate(session.get().client ? paths.planConfirmation : paths.signIn);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 pt-6 pb-4 sm:pt-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('trip.title')}
      </h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-700">{t('trip.intro')}</p>

      <TripForm
        trip={trip}
        nameOf={nameOf}
        onPlan={(next) => setSearchParams(withStopover(searchOfTrip(next), stopover))}
      />

      <TripStopoverField
        value={stopover}
        countries={world.data?.map((country) => country.iso) ?? []}
        nameOf={nameOf}
        onChange={(iso) => setSearchParams(withStopover(searchParams, iso), { replace: true })}
      />

      <TripResults
        trip={trip}
        stopover={stopover}
        nameOf={nameOf}
        onBuy={(plan) => setBuying({ plan, open: true })}
      />

      <CompatibilityDialog
        plan={buying?.plan}
        open={buying?.open ?? false}
        destinationName={
          buying ? placeName(buying.plan.plc_iso, buying.plan.plc_name, language) : ''
        }
        onClose={() => setBuying((current) => current && { ...current, open: false })}
        onProceed={proceed}
      />
    </div>
  );
}

/** The plan-details address of a plan's own country or region, as the plan page stores it. */
function planPageOf(plan: Plan): string {
  const destination = isRegionName(plan.plc_name)
    ? ({ kind: 'region', name: plan.plc_name } as const)
    : ({ kind: 'country', iso: plan.plc_iso, name: plan.plc_name } as const);
  return hrefTo(paths.planDetails, planDetailsQuery(destination));
}

/**
 * Country names in the page's language: the catalogue's own names, then the world list's
 * (for a country only a region covers), else the code.
 */
function useCountryNames(): (iso: string) => string {
  const { language } = useLanguage();
  const sold = useCountries();
  const world = useQuery(worldCountriesQuery);
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const country of world.data ?? []) names.set(country.iso, country.name);
    for (const country of sold.data ?? []) names.set(country.cou_iso, country.cou_name);
    return (iso: string) => countryName(iso, names.get(iso) ?? iso, language);
  }, [sold.data, world.data, language]);
}

function TripResults(props: {
  trip: TripQuery | undefined;
  stopover: string | undefined;
  nameOf: (iso: string) => string;
  onBuy: (plan: Plan) => void;
}) {
  const { trip, stopover, nameOf, onBuy } = props;
  // Which countries each region covers, asked only once a stop-over is named.
  const coverage = useRegionCoverage(stopover !== undefined);
  const t = useT();
  const { language } = useLanguage();
  const answer = useTripPlan(trip);
  const data = trip ? answer.data : undefined;
  const [cheapest] = data?.options ?? [];
  const summary = !trip
    ? ''
    : answer.isPending
      ? t('trip.results.loading')
      : answer.isError
        ? t('trip.results.error')
        : data
          ? t('trip.results.summary', {
              count: data.options.length,
              days: data.days,
              price: cheapest ? formatPrice(cheapest.total_price, language) : '',
            })
          : '';
  const names = (codes: readonly string[]) => codes.map(nameOf).join(', ');

  return (
    <section aria-labelledby="trip-results-title" className="mt-10">
      <h2 id="trip-results-title" className="text-xl font-semibold text-slate-900">
        {t('trip.results.title')}
      </h2>
      {/* Always in the page, so each new answer is announced. */}
      <p role="status" aria-live="polite" className="mt-1 text-slate-700">
        {summary}
      </p>
      {trip && answer.isError ? (
        <div className="mt-4">
          <LoadError
            message={t('trip.results.error')}
            onRetry={() => void answer.refetch()}
            retrying={answer.isFetching}
          />
        </div>
      ) : null}
      {data ? (
        <>
          {data.unknown.length > 0 || data.uncovered.length > 0 ? (
            <div className="mt-4 space-y-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {data.unknown.length > 0 ? (
                <p>{t('trip.results.unknown', { codes: data.unknown.join(', ') })}</p>
              ) : null}
              {data.uncovered.length > 0 ? (
                <p>
                  {t('trip.results.uncovered', {
                    days: data.days,
                    names: names(data.uncovered),
                  })}
                </p>
              ) : null}
            </div>
          ) : null}
          {data.options.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center text-slate-700">
              {t('trip.results.none', { days: data.days })}
            </p>
          ) : (
            <ol className="mt-4 space-y-4">
              {data.options.map((option, index) => (
                <li key={option.plans.map((entry) => entry.plan.pla_id).join('-')}>
                  <TripOptionCard
                    option={option}
                    index={index + 1}
                    nameOf={nameOf}
                    onBuy={onBuy}
                    stopover={stopover}
                    startsAtStopover={(plan) =>
                      startsAtStopover(plan, stopover, data.countries, coverage.data)
                    }
                  />
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}
