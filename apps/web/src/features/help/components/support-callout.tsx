// The closing box of the FAQ and the setup guide: a question and the way to the contact form.
import { hrefTo, paths } from '@tern/contract/routes';
import { useId } from 'react';
import { brandName } from '../../../lib/shop-settings';
import { useHelpContent } from './use-help-content';

export function SupportCallout({ heading }: { heading: string }) {
  const headingId = useId();
  const texts = useHelpContent().content.pageTexts(brandName);
  return (
    <section
      aria-labelledby={headingId}
      className="mt-12 rounded-2xl border border-brand-100 bg-brand-50 px-6 py-8 text-center"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mt-2 text-slate-700">{texts.supportAvailable}</p>
      <a
        href={hrefTo(paths.contactUs)}
        className="mt-5 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {texts.contactSupport}
      </a>
    </section>
  );
}
