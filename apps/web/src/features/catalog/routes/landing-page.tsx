// The plan landing (`/` and `/plan`): hero carousel, then the destination chooser.
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
    </div>
  );
}
