import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per page visit: for one-off side effects such as a toast or a redirect,
 * which StrictMode's second effect run in development must not repeat.
 */
export function useOnce(effect: () => void): void {
  const done = useRef(false);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    latest.current();
  }, []);
}
