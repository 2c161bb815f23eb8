/**
 * The compatibility question (spec section 2, esim-alert): how to check a phone, then
 * back to the plans, or on to the FAQ answer about compatible phones, opened.
 * The two choices look like buttons but are links, since each goes to another page.
 */
import { hrefTo, paths } from '@tern/contract/routes';
import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { compatiblePhonesQuestionId, faqQuestionHref } from '../components/faq-links';
import { useHelpContent } from '../components/use-help-content';
import type { EmphasisedSentence } from '../content/page-texts';

function Emphasised({ sentence }: { sentence: EmphasisedSentence }) {
  return (
    <>
      {sentence.before}
      {/* Codes such as *#06# read left to right inside Arabic text too. */}
      <strong dir="ltr" className="font-semibold text-slate-900">
        {sentence.emphasis}
      </strong>
      {sentence.after}
    </>
  );
}

export function EsimAlertPage() {
  const texts = useHelpContent().content.pageTexts(brandName).esimAlert;
  usePageMeta(texts.title, texts.description);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {texts.title}
        </h1>
        <p className="mt-4 text-center text-lg text-slate-700">{texts.intro}</p>
        <ol className="mt-6 list-decimal space-y-3 ps-6 leading-7 text-slate-700 marker:font-semibold marker:text-brand-700">
          <li className="ps-1">
            <Emphasised sentence={texts.dialStep} />
          </li>
          <li className="ps-1">
            <Emphasised sentence={texts.eidStep} />
          </li>
          <li className="ps-1">{texts.unlockedStep}</li>
        </ol>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a
            href={hrefTo(paths.plan)}
            className="flex-1 rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            {texts.supported}
          </a>
          <a
            href={faqQuestionHref(compatiblePhonesQuestionId)}
            className="flex-1 rounded-lg border border-brand-700 bg-white px-5 py-3 text-center font-semibold text-brand-800 hover:bg-brand-50"
          >
            {texts.notSupported}
          </a>
        </div>
      </div>
    </div>
  );
}
