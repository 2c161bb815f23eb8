// A failed request as the problem an alert shows, the same object for as long as the error is.
import { useMemo } from 'react';
import type { Problem } from '../../../lib/problem';

/**
 * ProblemAlert brings itself (and the focus) into view each time it is given a new problem: one
 * built afresh at every render would take the focus from a field at each keystroke.
 */
export function useProblem(
  error: { message: string } | string | null | undefined,
): Problem | undefined {
  return useMemo(() => {
    if (!error) return undefined;
    return { title: typeof error === 'string' ? error : error.message, details: [] };
  }, [error]);
}
