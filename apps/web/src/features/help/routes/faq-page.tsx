/**
 * The FAQ (spec section 2): four categories of questions, each an accordion. A link such
 * as `#/faq?q=compatible-phones` opens that question and brings it into view.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { FaqAccordion } from '../components/faq-accordion';
import {
  faqQueryParam,
  openQuestion,
  questionButtonId,
  requestedQuestion,
  toggleQuestion,
} from '../components/faq-links';
import { HelpPageHeader } from '../components/help-page-header';
import { SupportCallout } from '../components/support-callout';
import { useHelpContent } from '../components/use-help-content';
import type { FaqCategory } from '../content/faq';

function idsOf(categories: readonly FaqCategory[]): ReadonlySet<string> {
  return new Set(categories.flatMap((category) => category.items.map((item) => item.id)));
}

function bringIntoView(questionId: string): void {
  const button = document.getElementById(questionButtonId(questionId));
  button?.scrollIntoView({ block: 'start' });
  button?.focus({ preventScroll: true });
}

export function FaqPage() {
  const { content } = useHelpContent();
  const texts = content.pageTexts(brandName).faq;
  const categories = useMemo(() => content.faqCategories(brandName), [content]);
  // Question ids are the same in every language, so an opened question stays open.
  const questionIds = useMemo(() => idsOf(categories), [categories]);
  usePageMeta(texts.title, texts.description);
  const [searchParams] = useSearchParams();
  const requested = requestedQuestion(searchParams.get(faqQueryParam), questionIds);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(
    () => new Set(requested ? [requested] : []),
  );

  // A new link while the page is open (e.g. back and forward) opens its question too.
  const [shownRequest, setShownRequest] = useState(requested);
  if (requested !== shownRequest) {
    setShownRequest(requested);
    if (requested) setOpenIds((open) => openQuestion(open, requested));
  }

  useEffect(() => {
    if (!requested) return;
    // After the shell's own effect, which scrolls to the top on arriving at a new page.
    const frame = requestAnimationFrame(() => bringIntoView(requested));
    return () => cancelAnimationFrame(frame);
  }, [requested]);

  return (
    <div className="mx-auto max-w-[1000px] px-4 py-10 sm:py-14">
      <HelpPageHeader title={texts.title}>{texts.intro}</HelpPageHeader>
      {categories.map((category) => (
        <FaqAccordion
          key={category.id}
          category={category}
          openIds={openIds}
          onToggle={(id) => setOpenIds((open) => toggleQuestion(open, id))}
        />
      ))}
      <SupportCallout heading={texts.stillHaveQuestions} />
    </div>
  );
}
