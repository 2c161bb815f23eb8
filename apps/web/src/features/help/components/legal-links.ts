/**
 * The legal pages' table of contents. The app uses hash routing, so `href="#refunds"` would
 * be read as a route: sections are linked as `#/terms-and-conditions?section=refunds`
 * and the page scrolls to the section the query names.
 */
import { hrefTo, type RoutePath } from '@tern/contract/routes';

export const sectionQueryParam = 'section';

export function sectionHref(page: RoutePath, sectionId: string): string {
  return hrefTo(page, { [sectionQueryParam]: sectionId });
}

/** The section a link asks for, if the page has it. */
export function requestedSection(
  value: string | null,
  knownIds: readonly string[],
): string | undefined {
  return value !== null && knownIds.includes(value) ? value : undefined;
}

/** The DOM id of a section's heading; prefixed so that section ids cannot clash with the shell's. */
export const sectionHeadingId = (sectionId: string) => `legal-${sectionId}`;

/** An ISO date (YYYY-MM-DD) as people read it, e.g. "22 November 2026", whatever the time zone. */
export function formatIsoDate(isoDate: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
