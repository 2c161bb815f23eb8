/**
 * The compatibility question (spec section 2, esim-alert): how to check a phone, then
 * back to the plans, or on to the FAQ answer about compatible phones, opened.
 * The two choices look like buttons but are links, since each goes to another page.
 */
import { hrefTo, paths } from '@tern/contract';
import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { compatiblePhonesQuestionId, faqQuestionHref } from '../components/faq-links';

export function EsimAlertPage() {
  usePageMeta(
    'Is your phone eSIM compatible?',
    `Check that your phone supports eSIM and is unlocked before you buy a ${brandName} data plan.`,
  );
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Is your phone eSIM compatible?
        </h1>
        <p className="mt-4 text-center text-lg text-slate-700">
          {brandName} eSIMs work only on phones that support eSIM. Check yours in a few seconds:
        </p>
        <ol className="mt-6 list-decimal space-y-3 pl-6 leading-7 text-slate-700 marker:font-semibold marker:text-brand-700">
          <li className="pl-1">
            Open your phone’s dialler and dial{' '}
            <strong className="font-semibold text-slate-900">*#06#</strong>.
          </li>
          <li className="pl-1">
            If an <strong className="font-semibold text-slate-900">EID</strong> (a long number
            identifying the eSIM chip) appears, your phone supports eSIM.
          </li>
          <li className="pl-1">
            Your phone must also be unlocked from any network provider (carrier-unlocked).
          </li>
        </ol>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a
            href={hrefTo(paths.plan)}
            className="flex-1 rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            Yes, my phone supports eSIM
          </a>
          <a
            href={faqQuestionHref(compatiblePhonesQuestionId)}
            className="flex-1 rounded-lg border border-brand-700 bg-white px-5 py-3 text-center font-semibold text-brand-800 hover:bg-brand-50"
          >
            No, my phone does not support eSIM
          </a>
        </div>
      </div>
    </div>
  );
}
