// Keyboard movement in a WAI-ARIA tab list, shared by every tabbed view of the shop.

/** The page's direction; right to left in Arabic (outside a browser: left to right). */
function pageDirection(): 'ltr' | 'rtl' {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * The tab a key moves to (arrows wrap, Home and End jump), or undefined for other keys. Right
 * to left, the tabs run from the right: the left arrow moves on to the next tab.
 */
export function tabAfterKey(
  key: string,
  current: number,
  count: number,
  direction: 'ltr' | 'rtl' = pageDirection(),
): number | undefined {
  if (count <= 0) return undefined;
  const next = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const previous = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case next:
    case 'ArrowDown':
      return (current + 1) % count;
    case previous:
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
