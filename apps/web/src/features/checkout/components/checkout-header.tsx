// The heading block shared by the purchase pages.
import type { ReactNode } from 'react';

export function CheckoutHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children ? <p className="mt-3 text-lg text-slate-700">{children}</p> : null}
    </header>
  );
}
