/**
 * A person's name as the shop greets them (sign-up, profile, checkout): no invisible character
 * that reorders or hides text, and a minimum counted in characters one can see. A right-to-left
 * override (U+202E) reverses the greeting of every e-mail the name goes into; a zero-width
 * space (U+200B) fills a three-letter minimum with nothing. The joiners that some scripts need
 * inside a word (U+200C in Persian, U+200D in emoji) stay, but count for nothing.
 */

/** Bidirectional controls, zero-width spaces, invisible operators, the byte-order mark. */
const HIDING_CHARACTERS =
  /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
/** A grapheme one can see: anything but spaces and format characters. */
const VISIBLE = /[^\s\p{Cf}]/u;

export function hasHidingCharacters(text: string): boolean {
  return HIDING_CHARACTERS.test(text);
}

/** The characters a reader sees, a letter and its accents counting once. */
export function visibleLength(text: string): number {
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text);
  let count = 0;
  for (const { segment } of graphemes) if (VISIBLE.test(segment)) count += 1;
  return count;
}

/** A name to greet someone by: nothing hidden, and at least `minimum` visible characters. */
export function isShownName(minimum: number): (name: string) => boolean {
  return (name) => !hasHidingCharacters(name) && visibleLength(name) >= minimum;
}
