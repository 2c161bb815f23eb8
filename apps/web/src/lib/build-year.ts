/**
 * The copyright year. The prerendered landing (scripts/prerender.mjs) is HTML written at
 * build time, and a build can still be served in a later year: a year read from the clock
 * while hydrating would differ from the HTML's, and React would throw the markup away and
 * render the whole root again (error #418). So hydration renders the year the build wrote
 * (vite.config.ts puts it in `import.meta.env.TERN_BUILD_YEAR`, for the prerender's bundle as
 * for the browser's), and React renders the clock's year right after, as an ordinary update.
 * A page rendered afresh (not hydrated) shows the clock's year from the start.
 */
import { useSyncExternalStore } from 'react';

/** The year a build wrote, or this year where none did (the unit tests, bundled without it). */
export function yearOfBuild(written: string | undefined, now: Date): number {
  const year = Number(written);
  return Number.isInteger(year) && year > 0 ? year : now.getFullYear();
}

const builtYear = yearOfBuild(import.meta.env.TERN_BUILD_YEAR, new Date());

function thisYear(): number {
  return new Date().getFullYear();
}

/** Nothing announces a new year; a page open across midnight on 31 December keeps the old one. */
function subscribeToNothing(): () => void {
  return () => {};
}

/** The clock's year, except while hydrating the prerendered HTML: then the build's. */
export function useCopyrightYear(): number {
  return useSyncExternalStore(subscribeToNothing, thisYear, () => builtYear);
}
