// The heading block at the top of each help page: the page's one h1 and a short subtitle.
import type { ReactNode } from 'react';

export function HelpPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children ? <p className="mt-3 text-lg text-slate-700">{children}</p> : null}
    </div>
  );
}
