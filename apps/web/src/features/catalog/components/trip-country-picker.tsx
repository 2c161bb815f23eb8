/**
 * The trip planner's countries: a search with the landing's forgiving matching (aliases, ISO
 * codes, accents, names in the page's language; ../components/destination-picker.tsx) whose
 * results are buttons that add a country, and the chosen countries, each with its flag and a
 * button that takes it out again. Enter adds the first result (pressed before the countries
 * have loaded, it adds it once they have); every change is announced.
 */
import { tripLimits } from '@tern/contract/trip';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n';
import { useCountries } from '../api/get-countries';
import { useDestinationSearch } from '../hooks/use-destination-search';
import { Flag } from './flag';

interface TripCountryPickerProps {
  countries: readonly string[];
  onChange: (next: string[]) => void;
  /** A country's name in the page's language. */
  nameOf: (iso: string) => string;
  error?: string | undefined;
}

/** Results shown at most: the search ranks the best first. */
const MAX_RESULTS = 8;

export function TripCountryPicker({ countries, onChange, nameOf, error }: TripCountryPickerProps) {
  const t = useT();
  const id = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const sold = useCountries();
  const search = useDestinationSearch(sold.data, query.trim());
  const full = countries.length >= tripLimits.maxCountries;

  // Countries only (a region is not a stop), sold or not: a region may still cover it.
  const results = search
    ? [
        ...search.matches.flatMap((match) =>
          match.kind === 'country' ? [{ iso: match.country.cou_iso, ownPlan: true }] : [],
        ),
        ...search.unsold.map((country) => ({ iso: country.iso, ownPlan: false })),
      ]
        .filter((result) => !countries.includes(result.iso))
        .slice(0, MAX_RESULTS)
    : [];

  const add = (iso: string) => {
    if (full || countries.includes(iso)) return;
    onChange([...countries, iso]);
    setQuery('');
    setAnnouncement(t('trip.countries.added', { name: nameOf(iso) }));
    searchRef.current?.focus();
  };

  const remove = (iso: string) => {
    onChange(countries.filter((chosen) => chosen !== iso));
    setAnnouncement(t('trip.countries.removed', { name: nameOf(iso) }));
    searchRef.current?.focus();
  };

  // A quick typist can press Enter before the country list has arrived: remember it, so the
  // best match is added when the list comes rather than the key being lost.
  const [enterPending, setEnterPending] = useState(false);
  const listLoading = query.trim() !== '' && search === undefined;
  const [best] = results;
  useEffect(() => {
    if (!enterPending || listLoading) return;
    setEnterPending(false);
    if (best) add(best.iso);
  });

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || (!best && !listLoading)) return;
    // Enter adds the best match instead of sending the form.
    event.preventDefault();
    if (best) add(best.iso);
    else setEnterPending(true);
  };

  // The search field's own message (TextField), read with the whole fieldset too.
  const errorId = `${id}-search-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-base font-semibold text-slate-900">
        {t('trip.countries.legend')}
      </legend>

      <div className="mt-3 flex min-h-11 flex-wrap items-center gap-2">
        {countries.length === 0 ? (
          <p className="text-sm text-slate-600">{t('trip.countries.chosen', { count: 0 })}</p>
        ) : (
          <ul aria-label={t('trip.countries.legend')} className="flex flex-wrap gap-2">
            {countries.map((iso) => (
              <li
                key={iso}
                className="flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1 ps-2 pe-1 text-sm font-medium text-slate-900"
              >
                <Flag iso={iso} width={24} className="h-[18px] w-6" />
                <span>{nameOf(iso)}</span>
                <button
                  type="button"
                  aria-label={t('trip.countries.remove', { name: nameOf(iso) })}
                  onClick={() => remove(iso)}
                  className="flex h-8 w-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14">
                    <path
                      d="m5 5 10 10M15 5 5 15"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-4 max-w-xl">
        <TextField
          ref={searchRef}
          id={`${id}-search`}
          label={t('trip.countries.search')}
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setEnterPending(false);
          }}
          onKeyDown={onSearchKeyDown}
          placeholder={t('trip.countries.placeholder')}
          disabled={full}
          autoComplete="off"
          spellCheck={false}
          error={error}
        />
        {full ? (
          <p className="mt-1 text-sm text-slate-700">
            {t('trip.countries.full', { max: tripLimits.maxCountries })}
          </p>
        ) : null}
      </div>

      {search && !full ? (
        results.length > 0 ? (
          <ul aria-label={t('trip.countries.results')} className="mt-3 flex flex-wrap gap-2">
            {results.map((result) => (
              <li key={result.iso}>
                <button
                  type="button"
                  aria-label={`${t('trip.countries.add', { name: nameOf(result.iso) })}${
                    result.ownPlan ? '' : ` (${t('trip.countries.noOwnPlan')})`
                  }`}
                  onClick={() => add(result.iso)}
                  className="flex items-center gap-2 rounded-full border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14">
                    <path
                      d="M10 4v12M4 10h12"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                  <Flag iso={result.iso} width={24} className="h-[18px] w-6" />
                  <span>{nameOf(result.iso)}</span>
                  {result.ownPlan ? null : (
                    <span className="text-xs font-normal text-slate-600">
                      ({t('trip.countries.noOwnPlan')})
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-700">
            {t('trip.countries.none', { query: query.trim() })}
          </p>
        )
      ) : null}
      {/* Always in the page, so each added or removed country is announced. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
