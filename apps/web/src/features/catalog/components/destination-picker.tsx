/**
 * The landing's destination chooser (spec "Plan landing", section 4): Countries and
 * Regions tabs (WAI-ARIA tabs). Countries shows the favourites until the visitor searches
 * or asks to view all; choosing a tab clears the search. The search forgives
 * (../hooks/use-destination-search.ts, ../utils/destination-search.ts): aliases, ISO codes,
 * accents, regions by name, names in English, Arabic and French, a real country without a
 * plan named as such, and "Did you mean France?" for a slip of the keyboard.
 */
import { isRegionName } from '@tern/contract/catalog-constants';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { type Translate, useLanguage, useT } from '../../../lib/i18n';
import { tabAfterKey } from '../../../lib/tab-keys';
import { useCountries } from '../api/get-countries';
import { useRegions } from '../api/get-regions';
import { useDestinationSearch } from '../hooks/use-destination-search';
import { browsedCountries, type CountryListState, isFavouritesOnly } from '../utils/country-list';
import { type DestinationSearchResult, searchSummary } from '../utils/destination-search';
import {
  CountryCard,
  CountryCardSkeleton,
  CountryResultCard,
  destinationGridClass,
  NoPlanNotice,
  RegionCard,
  RegionCardSkeleton,
  RegionResultCard,
  searchResultGridClass,
} from './destination-cards';

const tabs = [
  { key: 'countries', label: 'landing.tabs.countries' },
  { key: 'regions', label: 'landing.tabs.regions' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

export function DestinationPicker() {
  const [tab, setTab] = useState<TabKey>('countries');
  const [list, setList] = useState<CountryListState>({ query: '', showAll: false });
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const t = useT();

  const select = (next: TabKey) => {
    setTab(next);
    // Countries goes back to the favourites; either tab clears the search.
    setList((current) => ({ query: '', showAll: next === 'countries' ? false : current.showAll }));
  };

  const onTabKeyDown = (event: KeyboardEvent, current: number) => {
    const next = tabAfterKey(event.key, current, tabs.length);
    const target = next === undefined ? undefined : tabs[next];
    if (next === undefined || !target) return;
    event.preventDefault();
    select(target.key);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="mt-8">
      <div className="flex justify-center">
        <div
          role="tablist"
          aria-label={t('landing.tabs.label')}
          className="inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200"
        >
          {tabs.map((entry, index) => {
            const selected = entry.key === tab;
            return (
              <button
                key={entry.key}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${entry.key}`}
                aria-selected={selected}
                aria-controls={`${id}-panel-${entry.key}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(entry.key)}
                onKeyDown={(event) => onTabKeyDown(event, index)}
                className={`min-w-32 rounded-full px-6 py-2.5 text-sm font-semibold ${
                  selected
                    ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200'
                    : 'text-slate-700 hover:text-slate-900'
                }`}
              >
                {t(entry.label)}
              </button>
            );
          })}
        </div>
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-countries`}
        aria-labelledby={`${id}-tab-countries`}
        hidden={tab !== 'countries'}
        className="mt-6"
      >
        <CountriesPanel list={list} onListChange={setList} />
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-regions`}
        aria-labelledby={`${id}-tab-regions`}
        hidden={tab !== 'regions'}
        className="mt-6"
      >
        {tab === 'regions' ? <RegionsPanel /> : null}
      </div>
    </div>
  );
}

function CountriesPanel(props: {
  list: CountryListState;
  onListChange: (next: CountryListState) => void;
}) {
  const { list, onListChange } = props;
  const countries = useCountries();
  const searchId = useId();
  const t = useT();
  const captionRef = useRef<HTMLHeadingElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const favouritesOnly = isFavouritesOnly(list);
  const query = list.query.trim();
  const search = useDestinationSearch(countries.data, query);
  const { language } = useLanguage();
  const browsed = countries.data ? browsedCountries(countries.data, list.showAll, language) : [];

  const found = search?.matches.length ?? 0;
  const caption = search
    ? t('landing.caption.matches', { count: found, query })
    : favouritesOnly
      ? t('landing.caption.popular')
      : t('landing.caption.all', { count: browsed.length });

  const viewAll = () => {
    onListChange({ query: '', showAll: true });
    // The button goes away with the favourites list: keep keyboard focus nearby.
    captionRef.current?.focus();
  };

  const searchFor = (name: string) => {
    onListChange({ ...list, query: name });
    // The suggestion's button goes away with the results it sat in: back to the search box.
    searchRef.current?.focus();
  };

  return (
    <>
      <div className="mx-auto max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          {t('landing.search.label')}
        </label>
        <div className="relative">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            className="pointer-events-none absolute start-4 top-1/2 -translate-y-1/2 text-slate-500"
          >
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={list.query}
            onChange={(event) => onListChange({ ...list, query: event.target.value })}
            placeholder={t('landing.search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            className="h-12 w-full rounded-full border border-slate-300 bg-white ps-12 pe-5 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600"
          />
        </div>
      </div>

      <div className="mt-6 flex min-h-10 items-center justify-between gap-4">
        <h2
          ref={captionRef}
          tabIndex={-1}
          className="min-w-0 text-base font-semibold text-slate-800 outline-none [overflow-wrap:anywhere]"
        >
          {countries.isSuccess ? caption : t('landing.caption.popular')}
        </h2>
        {favouritesOnly && countries.isSuccess ? (
          <button
            type="button"
            onClick={viewAll}
            className="rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t('landing.viewAll')}
          </button>
        ) : null}
      </div>
      {/* Always in the page, so each new count is announced as the traveller types. */}
      <p role="status" className="sr-only">
        {search ? searchSummary(search, summaryWords(t)) : ''}
      </p>

      <div className="mt-3">
        {countries.isPending ? (
          <SkeletonGrid count={10} label={t('landing.loading.destinations')}>
            <CountryCardSkeleton />
          </SkeletonGrid>
        ) : countries.isError ? (
          <LoadError
            message={t('landing.error.destinations')}
            onRetry={() => void countries.refetch()}
            retrying={countries.isFetching}
          />
        ) : search ? (
          <SearchResults
            result={search}
            onClear={() => onListChange({ query: '', showAll: false })}
            onSearch={searchFor}
          />
        ) : browsed.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <p className="text-slate-700">{t('landing.empty')}</p>
          </div>
        ) : (
          <ul className={destinationGridClass}>
            {browsed.map((country) => (
              <li key={country.cou_iso}>
                <CountryCard country={country} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function SearchResults(props: {
  result: DestinationSearchResult;
  onClear: () => void;
  /** Searches a suggested name instead of the text typed. */
  onSearch: (name: string) => void;
}) {
  const { result, onClear, onSearch } = props;
  const t = useT();
  return (
    <div className="space-y-4">
      {result.unsold.map((country) => (
        <NoPlanNotice key={country.iso} country={country} />
      ))}
      {result.matches.length > 0 ? (
        <ul className={searchResultGridClass}>
          {result.matches.map((match) =>
            match.kind === 'country' ? (
              <li key={match.country.cou_iso}>
                <CountryResultCard country={match.country} alsoIn={match.alsoIn} />
              </li>
            ) : (
              <li key={match.name}>
                <RegionResultCard name={match.name} countryCount={match.countryCount} />
              </li>
            ),
          )}
        </ul>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
          {result.unsold.length === 0 ? (
            <p className="text-slate-700">{t('landing.noMatch.none')}</p>
          ) : (
            <p className="text-slate-700">{t('landing.noMatch.nearby')}</p>
          )}
          {result.suggestion ? <DidYouMean name={result.suggestion} onSearch={onSearch} /> : null}
          <button
            type="button"
            onClick={onClear}
            className="mt-4 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t('landing.clearSearch')}
          </button>
        </div>
      )}
    </div>
  );
}

function RegionsPanel() {
  const regions = useRegions();
  const t = useT();
  if (regions.isPending) {
    return (
      <SkeletonGrid count={10} label={t('landing.loading.regions')}>
        <RegionCardSkeleton />
      </SkeletonGrid>
    );
  }
  if (regions.isError) {
    return (
      <LoadError
        message={t('landing.error.regions')}
        onRetry={() => void regions.refetch()}
        retrying={regions.isFetching}
      />
    );
  }
  return (
    <>
      <h2 className="sr-only">{t('landing.tabs.regions')}</h2>
      <ul className={destinationGridClass}>
        {regions.data.map((region) =>
          isRegionName(region.reg_name) ? (
            <li key={region.reg_id}>
              <RegionCard region={region} name={region.reg_name} />
            </li>
          ) : null,
        )}
      </ul>
    </>
  );
}

/** "Did you mean France?" for a near miss: pressing it searches France. */
function DidYouMean(props: { name: string; onSearch: (name: string) => void }) {
  const t = useT();
  return (
    <p className="mt-3">
      <button
        type="button"
        onClick={() => props.onSearch(props.name)}
        className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('landing.didYouMean', { name: props.name })}
      </button>
    </p>
  );
}

/** The screen reader's summary of a search, in the page's language. */
function summaryWords(t: Translate) {
  return {
    found: (count: number) => t('landing.summary.found', { count }),
    noPlan: (name: string) => t('landing.noPlan', { name }),
    didYouMean: (name: string) => t('landing.didYouMean', { name }),
  };
}

function SkeletonGrid(props: { count: number; label: string; children: ReactNode }) {
  return (
    <div role="status">
      <span className="sr-only">{props.label}</span>
      <div
        aria-hidden="true"
        className={`${destinationGridClass} animate-pulse motion-reduce:animate-none`}
      >
        {Array.from({ length: props.count }, (_, index) => (
          <div key={index}>{props.children}</div>
        ))}
      </div>
    </div>
  );
}
