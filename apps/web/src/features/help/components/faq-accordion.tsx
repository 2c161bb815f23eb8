/**
 * One FAQ category as a WAI-ARIA accordion: each question is a real button inside a
 * heading, so click, Enter and Space all toggle it; each answer is a region (a named
 * section) labelled by its question. The spec wants no toggle arrow: an open question
 * is told apart by its colour and its answer.
 */
import type { FaqCategory } from '../content/faq';
import { ContentBlocks } from './content-blocks';
import { answerPanelId, questionButtonId } from './faq-links';

interface FaqAccordionProps {
  category: FaqCategory;
  openIds: ReadonlySet<string>;
  onToggle: (questionId: string) => void;
}

export function FaqAccordion({ category, openIds, onToggle }: FaqAccordionProps) {
  const headingId = `faq-category-${category.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 sm:text-2xl">
        {category.title}
      </h2>
      <div className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {category.items.map((item) => {
          const open = openIds.has(item.id);
          return (
            <div key={item.id}>
              <h3>
                <button
                  type="button"
                  id={questionButtonId(item.id)}
                  aria-expanded={open}
                  aria-controls={answerPanelId(item.id)}
                  onClick={() => onToggle(item.id)}
                  className={`block w-full scroll-mt-4 px-5 py-4 text-start text-base hover:bg-slate-50 focus-visible:-outline-offset-4 ${
                    open ? 'font-semibold text-brand-800' : 'font-medium text-slate-900'
                  }`}
                >
                  {item.question}
                </button>
              </h3>
              <section
                id={answerPanelId(item.id)}
                aria-labelledby={questionButtonId(item.id)}
                hidden={!open}
                className="px-5 pb-5"
              >
                <ContentBlocks blocks={item.answer} />
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}
