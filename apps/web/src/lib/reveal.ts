/**
 * Brings a problem to the person where it happened: focus moves to it (so the keyboard is
 * there and a screen reader reads it), and it is scrolled into view with what explains it.
 * A phone shows only part of a form: an error announced off screen is an error not seen.
 */

/** Focuses `target` and scrolls `area` (by default the target itself) into view. */
export function reveal(target: HTMLElement | null | undefined, area: Element | null = null): void {
  if (!target) return;
  target.focus({ preventScroll: true });
  (area ?? target).scrollIntoView({ block: 'nearest' });
}

/**
 * Focuses a form field and scrolls its whole field into view: label, hint, input and
 * message, which every field of the shop wraps in one element, the input's parent.
 */
export function revealField(input: HTMLElement | null | undefined): void {
  reveal(input, input?.parentElement ?? null);
}
