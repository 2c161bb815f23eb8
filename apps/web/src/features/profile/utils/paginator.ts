// The invoice paginator's arithmetic and its range text (spec section 9's labels).

/** 'start – end of total', or '0 of total' when there is nothing to show. */
export function paginatorRangeLabel(pageIndex: number, pageSize: number, total: number): string {
  const length = Math.max(total, 0);
  if (length === 0 || pageSize <= 0) return `0 of ${length}`;
  const start = pageIndex * pageSize;
  // Past the last page (the total shrank under us) the range still counts up from start.
  const end = start < length ? Math.min(start + pageSize, length) : start + pageSize;
  return `${start + 1} – ${end} of ${length}`;
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
