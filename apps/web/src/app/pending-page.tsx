/**
 * Stands in for a page that a later capability builds (see the issue named at each use
 * in router.tsx): it shows only the page's heading, and claims nothing else.
 */
import { usePageMeta } from '../lib/page-meta';

export function PendingPage({ title }: { title: string }) {
  usePageMeta(title);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
    </div>
  );
}
