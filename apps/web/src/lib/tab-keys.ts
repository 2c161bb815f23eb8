// Keyboard movement in a WAI-ARIA tab list, shared by every tabbed view of the shop.

/** The tab a key moves to (arrows wrap, Home and End jump), or undefined for other keys. */
export function tabAfterKey(key: string, current: number, count: number): number | undefined {
  if (count <= 0) return undefined;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
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
