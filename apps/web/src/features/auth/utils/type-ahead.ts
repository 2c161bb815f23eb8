/**
 * Type-ahead for the country-code list, as in a native select (WAI-ARIA APG select-only
 * combobox): letters jump to the next name that starts with them, a repeated letter cycles
 * through the names with that initial, and digits (with or without +) find a calling code.
 */

/** A pause this long between two keys starts a new search, as in a native select. */
const TYPE_AHEAD_PAUSE_MS = 500;

/** The letters typed so far and when (the last key event's `timeStamp`, in ms). */
export interface TypeAheadSearch {
  text: string;
  at: number;
}

export const noTypeAheadSearch: TypeAheadSearch = { text: '', at: Number.NEGATIVE_INFINITY };

/**
 * Whether a search is under way at `at`. Judged by the keys' own time stamps, which say when
 * the person typed, not by a timer, which a busy page runs late or before the next key's
 * event: on a slow phone, 'fra' typed quickly while the list redraws is still one word.
 */
export function searchingAt(search: TypeAheadSearch, at: number): boolean {
  return search.text !== '' && at - search.at <= TYPE_AHEAD_PAUSE_MS;
}

/** The search once `character` is typed at `at`: added to the word, or a new word after a pause. */
export function typedAt(search: TypeAheadSearch, character: string, at: number): TypeAheadSearch {
  return { text: (searchingAt(search, at) ? search.text : '') + character, at };
}

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
