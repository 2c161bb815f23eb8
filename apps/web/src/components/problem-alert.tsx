// What went wrong with the last step of a form, announced as it appears (role="alert"), and
// brought to the person: focused and scrolled into view where they acted, so on a phone it
// is never announced off screen. Shown again (a new `problem`), it is brought again.
import { useEffect, useRef } from 'react';
import type { Problem } from '../lib/problem';
import { reveal } from '../lib/reveal';

export type { Problem };

export function ProblemAlert({ problem, className }: { problem: Problem; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    reveal(ref.current);
  }, [problem]);

  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={`scroll-my-4 rounded-lg border-s-4 border-red-700 bg-red-50 p-4 text-red-900 outline-none focus-visible:outline-3 ${className ?? 'mt-6'}`}
    >
      <p className="font-semibold">{problem.title}</p>
      {problem.details.map((detail) => (
        <p key={detail} className="mt-1 text-sm">
          {detail}
        </p>
      ))}
    </div>
  );
}
