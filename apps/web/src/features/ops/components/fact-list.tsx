/**
 * What a console page says of one thing (an order, an account, a period): label and value pairs
 * in two columns. Values read in their own direction (an e-mail stays left to right in Arabic).
 */
import type { ReactNode } from 'react';

export function FactList({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd dir="auto">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
