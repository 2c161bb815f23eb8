/**
 * Look-alike destinations (issue 31): countries a traveller buying for one may have meant
 * instead, so the order summary can ask "Travelling to Australia instead?" before payment.
 * Held as data, symmetric (each pair answers both ways), small enough for any bundle; the web
 * asks the server for a country's look-alikes (`lookalikesApiPath`) rather than carrying it.
 *
 * Where each pair came from (`from`):
 * - 'issue': named in issue 31, the mistakes travellers report at other shops;
 * - 'edit-distance' and 'name-inside-name': given by the rule of ./lookalike-rule.ts over the
 *   contract's country names (the dial-code list mended by `countryNames`); its test fails
 *   when the rule and this table part ways, and prints the pairs to add or remove;
 * - 'shop': the shop's own additions, mix-ups the rule cannot see (too short or too different
 *   in letters, yet often confused).
 */
import { z } from 'zod';
import { apiPath } from './api-path';

export type LookalikeSource = 'issue' | 'edit-distance' | 'name-inside-name' | 'shop';

export interface LookalikePair {
  /** ISO 3166-1 alpha-2 codes, in alphabetical order. */
  pair: readonly [string, string];
  from: readonly LookalikeSource[];
}

/** GET /api/plan/lookalikes/{iso}: the ISO codes a traveller buying `iso` may have meant. */
export const lookalikesApiPath = apiPath('/api/plan/lookalikes/:iso');

/** The answer: ISO codes, sorted; empty when the country has no look-alike. */
export const lookalikeListSchema = z.array(z.string().length(2));
export type LookalikeList = z.infer<typeof lookalikeListSchema>;

export const lookalikePairs: readonly LookalikePair[] = [
  // American Samoa / Samoa
  { pair: ['AS', 'WS'], from: ['name-inside-name'] },
  // Austria / Australia
  { pair: ['AT', 'AU'], from: ['issue', 'edit-distance'] },
  // Caribbean Netherlands / Netherlands
  { pair: ['BQ', 'NL'], from: ['name-inside-name'] },
  // Democratic Republic of the Congo / Republic of the Congo
  { pair: ['CD', 'CG'], from: ['issue', 'name-inside-name'] },
  // Dominica / Dominican Republic
  { pair: ['DM', 'DO'], from: ['issue', 'name-inside-name'] },
  // Georgia / South Georgia and the South Sandwich Islands
  { pair: ['GE', 'GS'], from: ['name-inside-name'] },
  // Gambia / Zambia
  { pair: ['GM', 'ZM'], from: ['edit-distance'] },
  // Guinea / Equatorial Guinea
  { pair: ['GN', 'GQ'], from: ['issue', 'name-inside-name'] },
  // Guinea / Guinea-Bissau
  { pair: ['GN', 'GW'], from: ['issue', 'name-inside-name'] },
  // Guinea / Papua New Guinea
  { pair: ['GN', 'PG'], from: ['name-inside-name'] },
  // Equatorial Guinea / Guinea-Bissau
  { pair: ['GQ', 'GW'], from: ['issue'] },
  // Ireland / Iceland
  { pair: ['IE', 'IS'], from: ['issue', 'edit-distance'] },
  // India / British Indian Ocean Territory
  { pair: ['IN', 'IO'], from: ['name-inside-name'] },
  // Iraq / Iran
  { pair: ['IQ', 'IR'], from: ['edit-distance'] },
  // North Korea / South Korea: two edits, but not the same first letter.
  { pair: ['KP', 'KR'], from: ['shop'] },
  // Malawi / Mali: two edits, Mali too short for the rule.
  { pair: ['ML', 'MW'], from: ['shop'] },
  // Niger / Nigeria
  { pair: ['NE', 'NG'], from: ['issue', 'name-inside-name'] },
  // Sudan / South Sudan
  { pair: ['SD', 'SS'], from: ['issue', 'name-inside-name'] },
  // Slovenia / Slovakia
  { pair: ['SI', 'SK'], from: ['issue', 'edit-distance'] },
  // United States Minor Outlying Islands / United States
  { pair: ['UM', 'US'], from: ['name-inside-name'] },
];

const byCountry = new Map<string, string[]>();
for (const { pair } of lookalikePairs) {
  const [a, b] = pair;
  byCountry.set(a, [...(byCountry.get(a) ?? []), b]);
  byCountry.set(b, [...(byCountry.get(b) ?? []), a]);
}

/** The countries a traveller buying `iso` may have meant, sorted; empty when none. */
export function lookalikesOf(iso: string): string[] {
  return [...(byCountry.get(iso.toUpperCase()) ?? [])].sort();
}
