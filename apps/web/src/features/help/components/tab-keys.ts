// Keyboard movement in a WAI-ARIA tab list: arrows wrap around, Home and End jump to the ends.

/** The index of the tab a key moves to, or undefined when the key does not move between tabs. */
export function tabIndexAfterKey(key: string, current: number, count: number): number | undefined {
  if (count <= 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
