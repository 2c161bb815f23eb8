// The plan landing (`/` and `/plan`): hero carousel, then the destination chooser.
import { usePageMeta } from '../../../lib/page-meta';
import { DestinationPicker } from '../components/destination-picker';
import { HeroCarousel } from '../components/hero-carousel';

export function LandingPage() {
  usePageMeta(
    'Choose your destination',
    'Travel eSIM data plans for 190+ destinations. Buy online, install by QR code, and stay connected abroad.',
  );
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <HeroCarousel />
      <div className="mt-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Choose your destination
        </h1>
        <p className="mt-2 text-lg text-slate-600">Pick a data plan for your trip</p>
      </div>
      <DestinationPicker />
    </div>
  );
}
