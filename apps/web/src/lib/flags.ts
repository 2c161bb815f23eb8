// The shop's own flag images (public/flags, copied from flag-icons at build), by ISO code.

// Flag codes the flag set lacks, drawn with a substitute (spec "Plan landing").
const flagSubstitutes: Record<string, string> = { cyp: 'cy' };

/** The local flag image of an ISO code: /flags/fr.svg. */
export function flagUrl(iso: string): string {
  const code = iso.trim().toLowerCase();
  return `/flags/${flagSubstitutes[code] ?? code}.svg`;
}

/** Shown when a code has no flag in the set (e.g. the former Netherlands Antilles, AN). */
export const unknownFlagUrl = '/flags/xx.svg';
