// The landing's cards: a country (flag and name) or a region (map and name), each a link to
// its plans, and the search's results: a country with the regions that also cover it, a
// region with its country count, a country with no plan. Fixed image sizes and card
// heights keep the grid from shifting as it loads. Names show in the page's language.
// Chevrons point the reading way (mirrored right to left).
import type { Country, Region } from '@tern/contract/catalog';
import type { RegionName } from '@tern/contract/catalog-constants';
import { planDetailsQuery } from '@tern/contract/plan-details-link';
import { hrefTo, paths } from '@tern/contract/routes';
import { Fragment } from 'react';
import { LineIcon } from '../../../components/line-icon';
import { countryName, regionName, useLanguage, useT } from '../../../lib/i18n';
import { regionImageUrl } from '../utils/country-list';
import { noPlanSentence, type UnsoldCountry } from '../utils/destination-search';
import { Flag } from './flag';

export const destinationGridClass =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5';

/** Search results carry a line more than a card, so fewer fit in a row. */
export const searchResultGridClass = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';

const cardClass =
  'group flex rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0';

const countryHref = (country: Country) =>
  hrefTo(
    paths.planDetails,
    planDetailsQuery({ kind: 'country', iso: country.cou_iso, name: country.cou_name }),
  );
const regionHref = (name: RegionName) =>
  hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name }));

export function CountryCard({ country }: { country: Country }) {
  const href = countryHref(country);
  const { language } = useLanguage();
  return (
    <a href={href} className={`${cardClass} h-[4.5rem] items-center gap-2.5 px-3 sm:gap-3`}>
      <Flag iso={country.cou_iso} width={40} className="h-6 w-8 sm:h-[30px] sm:w-10" />
      <span className="line-clamp-2 min-w-0 flex-1 text-sm font-semibold leading-tight text-slate-900 [overflow-wrap:anywhere] sm:text-[0.95rem]">
        {countryName(country.cou_iso, country.cou_name, language)}
      </span>
      <Chevron className="hidden sm:block" />
    </a>
  );
}

/** `name` is the region's name once checked against the shop's region list. */
export function RegionCard({ region, name }: { region: Region; name: RegionName }) {
  const href = regionHref(name);
  const { language } = useLanguage();
  const t = useT();
  return (
    <a href={href} className={`${cardClass} h-full flex-col overflow-hidden`}>
      <img
        src={regionImageUrl(region.reg_name)}
        alt=""
        width={200}
        height={100}
        loading="lazy"
        decoding="async"
        className="aspect-[2/1] h-auto w-full bg-slate-100"
      />
      <span className="flex items-center gap-2 px-3 py-2.5">
        <span className="min-w-0 flex-1">
          {/* Whole, on two lines if it must ("Amérique du Nord" on a phone), never cut. */}
          <span className="block font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
            {regionName(name, language)}
          </span>
          <span className="block text-xs text-slate-600">
            {t('landing.card.countries', { count: region.coverage })}
          </span>
        </span>
        <Chevron />
      </span>
    </a>
  );
}

const resultCardClass =
  'flex h-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-600';
const resultLinkClass =
  'group flex min-h-[4.5rem] flex-1 items-center gap-3 rounded-xl px-3 py-3 hover:bg-brand-50/60';

/** A country found by the search, and the regions whose plans cover it too. */
export function CountryResultCard(props: { country: Country; alsoIn: readonly RegionName[] }) {
  const { country, alsoIn } = props;
  const { language } = useLanguage();
  const t = useT();
  return (
    <div className={resultCardClass}>
      <a href={countryHref(country)} className={resultLinkClass}>
        <Flag iso={country.cou_iso} width={40} className="h-[30px] w-10" />
        <span className="min-w-0 flex-1 font-semibold leading-tight text-slate-900 [overflow-wrap:anywhere]">
          {countryName(country.cou_iso, country.cou_name, language)}
        </span>
        <Chevron />
      </a>
      {alsoIn.length > 0 ? (
        <p className="border-t border-slate-100 px-3 py-1.5 text-sm text-slate-600">
          {t('landing.card.alsoIn')} <RegionLinks names={alsoIn} />
        </p>
      ) : null}
    </div>
  );
}

/** A region found by the search by its name: a small map, the name and how many countries. */
export function RegionResultCard(props: { name: RegionName; countryCount: number }) {
  const { name, countryCount } = props;
  const { language } = useLanguage();
  const t = useT();
  return (
    <div className={resultCardClass}>
      <a href={regionHref(name)} className={resultLinkClass}>
        <img
          src={regionImageUrl(name)}
          alt=""
          width={56}
          height={28}
          loading="lazy"
          decoding="async"
          className="h-7 w-14 shrink-0 rounded bg-slate-100 object-cover"
        />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold leading-tight text-slate-900">
            {regionName(name, language)}
          </span>
          <span className="block text-xs text-slate-600">
            {t('landing.card.regionCountries', { count: countryCount })}
          </span>
        </span>
        <Chevron />
      </a>
    </div>
  );
}

/**
 * "We have no plan for Kosovo yet", for a real country the shop does not sell, with the
 * regions whose plans cover it, the nearest first, when any do.
 */
export function NoPlanNotice({ country }: { country: UnsoldCountry }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900">
      <p className="font-semibold">
        {noPlanSentence(country, { noPlan: (name) => t('landing.noPlan', { name }) })}.
      </p>
      {country.regions.length > 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('landing.noPlan.regions', { name: country.name })}{' '}
          <RegionLinks names={country.regions} />
        </p>
      ) : null}
    </div>
  );
}

/** Region names as links to their plans, comma separated. */
function RegionLinks({ names }: { names: readonly RegionName[] }) {
  const { language } = useLanguage();
  return names.map((name, index) => (
    <Fragment key={name}>
      {index > 0 ? (language === 'ar' ? '، ' : ', ') : null}
      <a
        href={regionHref(name)}
        className="inline-block py-0.5 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {regionName(name, language)}
      </a>
    </Fragment>
  ));
}

export function CountryCardSkeleton() {
  return (
    <div className="flex h-[4.5rem] items-center gap-3 rounded-xl border border-slate-200 bg-white px-3">
      <div className="h-6 w-8 rounded-[3px] bg-slate-200 sm:h-[30px] sm:w-10" />
      <div className="h-3.5 flex-1 rounded bg-slate-200" />
    </div>
  );
}

export function RegionCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="aspect-[2/1] w-full bg-slate-200" />
      <div className="space-y-1.5 px-3 py-2.5">
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="h-3 w-1/3 rounded bg-slate-200" />
      </div>
    </div>
  );
}

function Chevron({ className = '' }: { className?: string }) {
  return (
    <LineIcon
      path="M7.5 4.5 13 10l-5.5 5.5"
      box={20}
      size={16}
      className={`${className} shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5 motion-reduce:transition-none`}
    />
  );
}
