/**
 * The FAQ (spec section 2): four categories of questions, each an accordion. A link such
 * as `#/faq?q=compatible-phones` opens that question and brings it into view.
 */
import { useEffect, useState } from 'react';
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
import { faqCategories } from '../content/faq';

const categories = faqCategories(brandName);
const questionIds: ReadonlySet<string> = new Set(
  categories.flatMap((category) => category.items.map((item) => item.id)),
);

function bringIntoView(questionId: string): void {
  const button = document.getElementById(questionButtonId(questionId));
  button?.scrollIntoView({ block: 'start' });
  button?.focus({ preventScroll: true });
}

export function FaqPage() {
  usePageMeta(
    'Frequently Asked Questions',
    `Answers to common questions about ${brandName} eSIMs: compatible phones, installing, bundles, payment and troubleshooting.`,
  );
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
      <HelpPageHeader title="Frequently Asked Questions">
        Find answers to common questions about {brandName} eSIM
      </HelpPageHeader>
      {categories.map((category) => (
        <FaqAccordion
          key={category.id}
          category={category}
          openIds={openIds}
          onToggle={(id) => setOpenIds((open) => toggleQuestion(open, id))}
        />
      ))}
      <SupportCallout heading="Still have questions?" />
    </div>
  );
}
