// The invoice paginator's arithmetic and its range text (spec section 9's labels).
import { formatNumber } from '../../../lib/i18n';
import { englishWords, type ProfileWords } from './profile-format';

/**
 * 'start – end of total', or '0 of total' when there is nothing to show; in the language,
 * where French groups thousands ('1 001 – 1 100 sur 2 500').
 */
export function paginatorRangeLabel(
  pageIndex: number,
  pageSize: number,
  total: number,
  { t, language }: ProfileWords = englishWords,
): string {
  // English and Arabic keep plain Western numbers ('1001 – 1100 of 2500'); French groups them.
  const number = (value: number) =>
    language === 'fr' ? formatNumber(value, language) : String(value);
  const length = Math.max(total, 0);
  if (length === 0 || pageSize <= 0) return t('profile.paginator.empty', { total: number(length) });
  const start = pageIndex * pageSize;
  // Past the last page (the total shrank under us) the range still counts up from start.
  const end = start < length ? Math.min(start + pageSize, length) : start + pageSize;
  return t('profile.paginator.range', {
    start: number(start + 1),
    end: number(end),
    total: number(length),
  });
}

/** How many pages `total` rows fill; at least one, so an empty list has a first page. */
export function pageCount(pageSize: number, total: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(Math.max(total, 0) / pageSize));
}

/** The rows to skip to show page `pageIndex`. */
export function skipFor(pageIndex: number, pageSize: number): number {
  return Math.max(pageIndex, 0) * pageSize;
}
