/**
 * The layout shared by the terms and the privacy policy: title, last-updated date, a table
 * of contents and the sections. Contents entries are route links with a `section` query
 * (see legal-links.ts); the page scrolls to and focuses the section a link names, so a
 * shared link opens at its section too.
 */
import type { RoutePath } from '@tern/contract/routes';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { intlLocale } from '../../../lib/i18n';
import { brandName } from '../../../lib/shop-settings';
import { type LegalSection, legalLastUpdated } from '../content/legal';
import { ContentBlocks } from './content-blocks';
import {
  formatIsoDate,
  requestedSection,
  sectionHeadingId,
  sectionHref,
  sectionQueryParam,
} from './legal-links';
import { useHelpContent } from './use-help-content';

interface LegalDocumentProps {
  title: string;
  page: RoutePath;
  sections: readonly LegalSection[];
}

function showSection(sectionId: string): void {
  const heading = document.getElementById(sectionHeadingId(sectionId));
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

export function LegalDocument({ title, page, sections }: LegalDocumentProps) {
  const [searchParams] = useSearchParams();
  const target = requestedSection(
    searchParams.get(sectionQueryParam),
    sections.map((section) => section.id),
  );
  const contentsId = useId();
  const { language, content } = useHelpContent();
  const texts = content.pageTexts(brandName);

  useEffect(() => {
    if (!target) return;
    // After the shell's own effect, which scrolls to the top on arriving at a new page.
    const frame = requestAnimationFrame(() => showSection(target));
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-slate-700">
        {texts.lastUpdated}{' '}
        <time dateTime={legalLastUpdated}>
          {formatIsoDate(legalLastUpdated, language === 'en' ? 'en-GB' : intlLocale(language))}
        </time>
      </p>

      <nav
        aria-labelledby={contentsId}
        className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 px-6 py-5"
      >
        <h2 id={contentsId} className="text-base font-semibold text-slate-900">
          {texts.contents}
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-2 ps-5 text-brand-800 marker:text-slate-600 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={sectionHref(page, section.id)}
                // The same link twice does not change the URL, so scroll here as well.
                onClick={() => {
                  if (section.id === target) showSection(section.id);
                }}
                className="underline decoration-brand-700/40 underline-offset-4 hover:decoration-brand-700"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section) => (
        <section key={section.id} aria-labelledby={sectionHeadingId(section.id)} className="mt-10">
          <h2
            id={sectionHeadingId(section.id)}
            tabIndex={-1}
            className="scroll-mt-4 text-xl font-semibold text-slate-900 sm:text-2xl"
          >
            {section.heading}
          </h2>
          <div className="mt-3">
            <ContentBlocks blocks={section.blocks} />
          </div>
        </section>
      ))}
    </article>
  );
}
