/**
 * The setup guide's note on timing. The plan pages say "Activate before your trip" (the
 * spec's words) while the steps keep the eSIM off until arrival; both hold, and this says
 * how: install early, switch on on arrival, the days count from the first connection.
 */
import { useId } from 'react';
import type { HelpPageTexts } from '../content/page-texts';

export function TravelTimingNote({ texts }: { texts: HelpPageTexts['guide']['beforeYouTravel'] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto mt-8 max-w-2xl rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 ps-6 leading-7 text-slate-700 marker:font-semibold marker:text-brand-700">
        {texts.steps.map((step) => (
          <li key={step} className="ps-1">
            {step}
          </li>
        ))}
      </ol>
    </section>
  );
}
