// The landing's cards: a country (flag and name) or a region (map and name), each a link to
// its plans. Fixed image sizes and card heights keep the grid from shifting as it loads.
import {
  type Country,
  hrefTo,
  paths,
  planDetailsQuery,
  type Region,
  type RegionName,
} from '@tern/contract';
import { regionImageUrl } from '../utils/country-list';
import { Flag } from './flag';

export const destinationGridClass =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5';

const cardClass =
  'group flex rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0';

export function CountryCard({ country }: { country: Country }) {
  const href = hrefTo(
    paths.planDetails,
    planDetailsQuery({ kind: 'country', iso: country.cou_iso, name: country.cou_name }),
  );
  return (
    <a href={href} className={`${cardClass} h-[4.5rem] items-center gap-2.5 px-3 sm:gap-3`}>
      <Flag iso={country.cou_iso} width={40} className="h-6 w-8 sm:h-[30px] sm:w-10" />
      <span className="line-clamp-2 min-w-0 flex-1 text-sm font-semibold leading-tight text-slate-900 [overflow-wrap:anywhere] sm:text-[0.95rem]">
        {country.cou_name}
      </span>
      <Chevron className="hidden sm:block" />
    </a>
  );
}

/** `name` is the region's name once checked against the shop's region list. */
export function RegionCard({ region, name }: { region: Region; name: RegionName }) {
  const href = hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name }));
  return (
    <a href={href} className={`${cardClass} flex-col overflow-hidden`}>
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
          <span className="block truncate font-semibold text-slate-900">{region.reg_name}</span>
          <span className="block text-xs text-slate-600">
            {region.coverage === 1 ? '1 country' : `${region.coverage} countries`}
          </span>
        </span>
        <Chevron />
      </span>
    </a>
  );
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
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="16"
      height="16"
      className={`${className} shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700 motion-reduce:transition-none`}
    >
      <path
        d="M7.5 4.5 13 10l-5.5 5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
