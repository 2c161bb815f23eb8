/**
 * A table wider than a phone scrolls inside its own box, not the page. The box is a named
 * region that takes the focus, so a keyboard can scroll it too (WCAG 2.1.1), as the profile's
 * invoice list does.
 */
import type { ReactNode } from 'react';

export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it may scroll sideways on a phone, so the keyboard must reach it (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded outline-none focus-visible:outline-2 focus-visible:outline-brand-800"
    >
      {children}
    </section>
  );
}
