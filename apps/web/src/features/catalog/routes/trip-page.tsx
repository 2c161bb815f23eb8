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
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { countryName, useLanguage, useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { useCountries } from '../api/get-countries';
import { useTripPlan } from '../api/get-trip-plan';
import { CompatibilityDialog } from '../components/compatibility-dialog';
import { worldCountriesQuery } from '../components/destination-picker';
import { usePlanWords } from '../components/plan-card';
import { TripCountryPicker } from '../components/trip-country-picker';
import { TripOptionCard } from '../components/trip-option-card';
import { formatDataAmount, formatPrice, placeName } from '../utils/plan-format';
import {
  dataChoices,
  daysBetween,
  searchOfTrip,
  tripFromSearch,
  validDays,
} from '../utils/trip-form';

export function TripPage() {
  const t = useT();
  const { language } = useLanguage();
  usePageMeta(t('trip.meta.title'), t('trip.meta.description'));
  const [searchParams, setSearchParams] = useSearchParams();
  const trip = useMemo(() => tripFromSearch(searchParams), [searchParams]);
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
        onPlan={(next) => setSearchParams(searchOfTrip(next))}
      />

      <TripResults trip={trip} nameOf={nameOf} onBuy={(plan) => setBuying({ plan, open: true })} />

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

interface FormErrors {
  countries?: string;
  length?: string;
}

function TripForm(props: {
  trip: TripQuery | undefined;
  nameOf: (iso: string) => string;
  onPlan: (trip: TripQuery) => void;
}) {
  const { trip, nameOf, onPlan } = props;
  const t = useT();
  const words = usePlanWords();
  const id = useId();
  const [countries, setCountries] = useState<string[]>(() => [...(trip?.countries ?? [])]);
  const [mode, setMode] = useState<'days' | 'dates'>('days');
  const [daysText, setDaysText] = useState(trip ? String(trip.days) : '');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [dataGb, setDataGb] = useState(trip?.dataGb === undefined ? '' : String(trip.dataGb));
  const [errors, setErrors] = useState<FormErrors>({});

  const datesDays = daysBetween(first, last);
  const days = mode === 'days' ? Number(daysText.trim() || Number.NaN) : datesDays;

  // Back, Forward or a link may bring another trip into the address: the form shows it
  // (unless it is the one the form holds, just planned; its dates then stay).
  const tripKey = trip ? searchOfTrip(trip).toString() : '';
  const [shownKey, setShownKey] = useState(tripKey);
  if (tripKey !== shownKey) {
    setShownKey(tripKey);
    const formKey = validDays(days)
      ? searchOfTrip({ countries, days, ...(dataGb ? { dataGb: Number(dataGb) } : {}) }).toString()
      : '';
    if (trip && tripKey !== formKey) {
      setCountries([...trip.countries]);
      setMode('days');
      setDaysText(String(trip.days));
      setDataGb(trip.dataGb === undefined ? '' : String(trip.dataGb));
      setErrors({});
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FormErrors = {};
    if (countries.length === 0) next.countries = t('trip.error.noCountries');
    if (!validDays(days)) next.length = t(mode === 'days' ? 'trip.error.days' : 'trip.error.dates');
    setErrors(next);
    if (next.countries || next.length || !validDays(days)) return;
    onPlan({ countries, days, ...(dataGb ? { dataGb: Number(dataGb) } : {}) });
  };

  const lengthErrorId = `${id}-length-error`;
  const modeClass = (selected: boolean) =>
    `rounded-full px-4 py-2 text-sm font-semibold ${
      selected
        ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200'
        : 'text-slate-700 hover:text-slate-900'
    }`;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-8 space-y-8 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <TripCountryPicker
        countries={countries}
        onChange={(next) => {
          setCountries(next);
          if (next.length > 0) setErrors((current) => ({ ...current, countries: undefined }));
        }}
        nameOf={nameOf}
        error={errors.countries}
      />

      <fieldset aria-describedby={errors.length ? lengthErrorId : undefined}>
        <legend className="text-base font-semibold text-slate-900">
          {t('trip.length.legend')}
        </legend>
        <div className="mt-3 inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
          <button
            type="button"
            aria-pressed={mode === 'days'}
            onClick={() => setMode('days')}
            className={modeClass(mode === 'days')}
          >
            {t('trip.length.days')}
          </button>
          <button
            type="button"
            aria-pressed={mode === 'dates'}
            onClick={() => setMode('dates')}
            className={modeClass(mode === 'dates')}
          >
            {t('trip.length.dates')}
          </button>
        </div>
        {mode === 'days' ? (
          <div className="mt-3 max-w-40">
            <label htmlFor={`${id}-days`} className="block text-sm font-medium text-slate-900">
              {t('trip.length.daysLabel')}
            </label>
            <input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={daysText}
              onChange={(event) => setDaysText(event.target.value)}
              aria-invalid={errors.length ? true : undefined}
              className={inputClass(Boolean(errors.length))}
            />
          </div>
        ) : (
          <div className="mt-3 flex flex-wrap items-end gap-4">
            <div>
              <label htmlFor={`${id}-first`} className="block text-sm font-medium text-slate-900">
                {t('trip.length.first')}
              </label>
              <input
                id={`${id}-first`}
                type="date"
                value={first}
                onChange={(event) => setFirst(event.target.value)}
                aria-invalid={errors.length ? true : undefined}
                className={inputClass(Boolean(errors.length))}
              />
            </div>
            <div>
              <label htmlFor={`${id}-last`} className="block text-sm font-medium text-slate-900">
                {t('trip.length.last')}
              </label>
              <input
                id={`${id}-last`}
                type="date"
                value={last}
                min={first || undefined}
                onChange={(event) => setLast(event.target.value)}
                aria-invalid={errors.length ? true : undefined}
                className={inputClass(Boolean(errors.length))}
              />
            </div>
            {datesDays !== undefined ? (
              <p className="pb-2.5 text-sm font-medium text-slate-800">
                {t('trip.length.fromDates', { count: datesDays })}
              </p>
            ) : null}
          </div>
        )}
        {errors.length ? (
          <p id={lengthErrorId} className="mt-1 text-sm font-medium text-red-700">
            {errors.length}
          </p>
        ) : null}
      </fieldset>

      <div className="max-w-xs">
        <label htmlFor={`${id}-data`} className="block text-base font-semibold text-slate-900">
          {t('trip.data.label')}
        </label>
        <p id={`${id}-data-hint`} className="text-sm text-slate-600">
          {t('trip.data.hint')}
        </p>
        <select
          id={`${id}-data`}
          aria-describedby={`${id}-data-hint`}
          value={dataGb}
          onChange={(event) => setDataGb(event.target.value)}
          className="mt-1 block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-slate-900 hover:border-slate-500"
        >
          <option value="">{t('trip.data.any')}</option>
          {dataChoicesWith(dataGb).map((gb) => (
            <option key={gb} value={String(gb)}>
              {t('trip.data.amount', {
                amount: formatDataAmount({ dataMb: gb * 1000, unlimited: false }, words),
              })}
            </option>
          ))}
        </select>
      </div>

      <button
        type="submit"
        className="w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 sm:w-auto"
      >
        {t('trip.submit')}
      </button>
    </form>
  );
}

/** The offered amounts, and the address's own when it names another (`dataGb=7`). */
function dataChoicesWith(current: string): number[] {
  const amount = Number(current);
  const choices: number[] = [...dataChoices];
  if (current && amount > 0 && !choices.includes(amount)) choices.push(amount);
  return choices.sort((a, b) => a - b);
}

function inputClass(invalid: boolean): string {
  return `mt-1 block h-11 w-full rounded-lg border bg-white px-3 text-slate-900 ${
    invalid ? 'border-red-700' : 'border-slate-400 hover:border-slate-500'
  }`;
}

function TripResults(props: {
  trip: TripQuery | undefined;
  nameOf: (iso: string) => string;
  onBuy: (plan: Plan) => void;
}) {
  const { trip, nameOf, onBuy } = props;
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
                  <TripOptionCard option={option} index={index + 1} nameOf={nameOf} onBuy={onBuy} />
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}
