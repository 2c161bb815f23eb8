/**
 * Type-ahead for the country-code list, as in a native select (WAI-ARIA APG select-only
 * combobox): letters jump to the next name that starts with them, a repeated letter cycles
 * through the names with that initial, and digits (with or without +) find a calling code.
 */

export interface TypeAheadOption {
  name: string;
  dialCode: string;
}

/** Lower case without accents, so 'a' finds Åland Islands and 'cote' finds Côte D'Ivoire. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The index of the option `query` picks, searching from `activeIndex` onwards and
 * wrapping; undefined when nothing matches. One letter starts after the active option,
 * so pressing it again moves on; a longer query may stay on the active one.
 */
export function findTypeAheadMatch(
  options: readonly TypeAheadOption[],
  query: string,
  activeIndex: number,
): number | undefined {
  if (options.length === 0 || query === '') return undefined;
  const wanted = searchable(query);
  const start = wanted.length === 1 ? activeIndex + 1 : Math.max(activeIndex, 0);
  const order = options.map((_, offset) => (start + offset) % options.length);

  const digits = /^\+?(\d+)$/.exec(wanted.trim())?.[1];
  if (digits) return order.find((index) => options[index]?.dialCode.startsWith(`+${digits}`));

  const byName = order.find((index) => searchable(options[index]?.name ?? '').startsWith(wanted));
  if (byName !== undefined) return byName;
  // 'bbb' typed quickly means "the third country starting with b", not a name 'bbb'.
  const first = wanted[0] ?? '';
  if ([...wanted].every((letter) => letter === first)) {
    const from = (activeIndex + 1) % options.length;
    const cycle = options.map((_, offset) => (from + offset) % options.length);
    return cycle.find((index) => searchable(options[index]?.name ?? '').startsWith(first));
  }
  return undefined;
}
