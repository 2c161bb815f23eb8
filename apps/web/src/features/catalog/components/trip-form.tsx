/**
 * The trip planner's form: the countries, the trip's length (days, or its first and last
 * days) and the data it needs, on the shop's form fields (components/text-field). It checks
 * what the server would refuse before the trip goes into the page's address.
 */
import type { TripQuery } from '@tern/contract/trip';
import { type FormEvent, useId, useState } from 'react';
import { FieldError, fieldControlClass, TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n';
import { formatDataAmount } from '../utils/plan-format';
import { dataChoices, daysBetween, searchOfTrip, validDays } from '../utils/trip-form';
import { usePlanWords } from './plan-card';
import { TripCountryPicker } from './trip-country-picker';

/** A trip's length is told in days, or by its first and last days. */
const lengthModes = ['days', 'dates'] as const;
type LengthMode = (typeof lengthModes)[number];

interface FormErrors {
  countries?: string;
  length?: string;
}

export function TripForm(props: {
  trip: TripQuery | undefined;
  nameOf: (iso: string) => string;
  onPlan: (trip: TripQuery) => void;
}) {
  const { trip, nameOf, onPlan } = props;
  const t = useT();
  const words = usePlanWords();
  const id = useId();
  const [countries, setCountries] = useState<string[]>(() => [...(trip?.countries ?? [])]);
  const [mode, setMode] = useState<LengthMode>('days');
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
          {lengthModes.map((shown) => (
            <button
              key={shown}
              type="button"
              aria-pressed={mode === shown}
              onClick={() => setMode(shown)}
              className={modeClass(mode === shown)}
            >
              {t(shown === 'days' ? 'trip.length.days' : 'trip.length.dates')}
            </button>
          ))}
        </div>
        {mode === 'days' ? (
          <TextField
            id={`${id}-days`}
            label={t('trip.length.daysLabel')}
            className="mt-3 max-w-40"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={daysText}
            onChange={(event) => setDaysText(event.target.value)}
            invalid={Boolean(errors.length)}
          />
        ) : (
          <div className="mt-3 flex flex-wrap items-end gap-4">
            <TextField
              id={`${id}-first`}
              label={t('trip.length.first')}
              type="date"
              value={first}
              onChange={(event) => setFirst(event.target.value)}
              invalid={Boolean(errors.length)}
            />
            <TextField
              id={`${id}-last`}
              label={t('trip.length.last')}
              type="date"
              value={last}
              min={first || undefined}
              onChange={(event) => setLast(event.target.value)}
              invalid={Boolean(errors.length)}
            />
            {datesDays !== undefined ? (
              <p className="pb-2.5 text-sm font-medium text-slate-800">
                {t('trip.length.fromDates', { count: datesDays })}
              </p>
            ) : null}
          </div>
        )}
        {/* One message for the days or both dates, read with the group (aria-describedby). */}
        {errors.length ? <FieldError id={lengthErrorId}>{errors.length}</FieldError> : null}
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
          className={fieldControlClass(false)}
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
