/**
 * Deep links into the FAQ: `#/faq?q=<question id>` opens that question and scrolls to it
 * (the eSIM compatibility page links to the answer on compatible phones this way).
 */
import { hrefTo, paths } from '@tern/contract/routes';

export const faqQueryParam = 'q';

/** The question that answers "which phones support eSIM?". */
export const compatiblePhonesQuestionId = 'compatible-phones';

export function faqQuestionHref(questionId: string): string {
  return hrefTo(paths.faq, { [faqQueryParam]: questionId });
}

/** The question a link asks for, if it names one the page has. */
export function requestedQuestion(
  value: string | null,
  knownIds: ReadonlySet<string>,
): string | undefined {
  return value !== null && knownIds.has(value) ? value : undefined;
}

/** Opens a closed question or closes an open one, leaving the others as they are. */
export function toggleQuestion(open: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Opens a question (if it is not open yet) without touching the others. */
export function openQuestion(open: ReadonlySet<string>, id: string): ReadonlySet<string> {
  return open.has(id) ? open : new Set([...open, id]);
}

export const questionButtonId = (id: string) => `faq-question-${id}`;
export const answerPanelId = (id: string) => `faq-answer-${id}`;
