/**
 * The rule that derives look-alike country pairs from the names the contract already has
 * (the dial-code list of ./phone, mended by `countryNames` of ./destination-names). Only the
 * table's test and its generator run it: the table itself (./lookalikes.ts) is plain data, so
 * neither the server nor the web carries the dial-code list for it.
 *
 * Two countries look alike when their names, compared as the search compares them
 * (`normalizeDestinationName`):
 * - differ by at most one edit (a letter added, dropped, changed, or two swapped), both names
 *   at least four letters long (Iran/Iraq, Iceland/Ireland); or by two edits when both are at
 *   least seven letters long (Austria/Australia, Slovakia/Slovenia); or
 * - one whole name starts a word of the other (Niger/Nigeria, Dominica/Dominican Republic,
 *   Sudan/South Sudan, Guinea/Equatorial Guinea), the shorter at least four letters long.
 */
import { countryNames, normalizeDestinationName } from './destination-names';
import { dialCountries } from './phone';

export type DerivedRule = 'edit-distance' | 'name-inside-name';

export interface DerivedPair {
  /** ISO codes, the pair in alphabetical order. */
  pair: readonly [string, string];
  rule: DerivedRule;
}

/** The shop's English name of every country the contract knows, by ISO code. */
export function contractCountryNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const country of dialCountries) {
    names.set(country.iso2, countryNames[country.iso2] ?? country.name);
  }
  for (const [iso, name] of Object.entries(countryNames)) names.set(iso, name);
  return names;
}

/** Optimal string alignment distance: insertions, deletions, changes, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        (rows[0] as number[])[j] = j;
        continue;
      }
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Which rule, if any, makes two names look alike. */
export function lookalikeRule(first: string, second: string): DerivedRule | undefined {
  const a = normalizeDestinationName(first);
  const b = normalizeDestinationName(second);
  if (a === b) return undefined;
  const shorter = Math.min(a.length, b.length);
  const distance = editDistance(a, b);
  if (shorter >= 4 && distance <= 1) return 'edit-distance';
  if (shorter >= 7 && distance <= 2 && a[0] === b[0]) return 'edit-distance';
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 4 && ` ${long}`.includes(` ${short}`)) return 'name-inside-name';
  return undefined;
}

/** Every pair the rule gives over the contract's country names, sorted. */
export function derivedLookalikePairs(
  names: Map<string, string> = contractCountryNames(),
): DerivedPair[] {
  const entries = [...names].sort(([a], [b]) => a.localeCompare(b));
  const pairs: DerivedPair[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    for (let j = i + 1; j < entries.length; j += 1) {
      const [isoA, nameA] = entries[i] as [string, string];
      const [isoB, nameB] = entries[j] as [string, string];
      const rule = lookalikeRule(nameA, nameB);
      if (rule) pairs.push({ pair: [isoA, isoB], rule });
    }
  }
  return pairs;
}
