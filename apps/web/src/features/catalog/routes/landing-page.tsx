// The plan landing (`/` and `/plan`): hero carousel, then the destination chooser, and the
// way to the trip planner for a trip through several countries.
import { hrefTo, paths } from '@tern/contract/routes';
import { useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { DestinationPicker } from '../components/destination-picker';
import { HeroCarousel } from '../components/hero-carousel';

export function LandingPage() {
  const t = useT();
  usePageMeta(t('landing.meta.title'), t('landing.meta.description'));
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <HeroCarousel />
      <div className="mt-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('landing.title')}
        </h1>
        <p className="mt-2 text-lg text-slate-600">{t('landing.subtitle')}</p>
      </div>
      <DestinationPicker />
      <a
        href={hrefTo(paths.trip)}
        className="mx-auto mt-10 flex max-w-xl items-center gap-4 rounded-2xl border border-brand-100 bg-brand-50 px-5 py-4 hover:border-brand-600"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-brand-800">{t('trip.landing.link')}</span>
          <span className="block text-sm text-slate-700">{t('trip.landing.linkText')}</span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="18"
          height="18"
          className="shrink-0 text-brand-700 rtl:-scale-x-100"
        >
          <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </a>
    </div>
  );
}
