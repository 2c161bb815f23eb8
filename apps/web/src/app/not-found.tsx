import { hrefTo, paths } from '@tern/contract';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  usePageMeta('Page Not Found');
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-slate-700">Sorry, the page you are looking for does not exist.</p>
      <a
        href={hrefTo(paths.home)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Back to home
      </a>
    </div>
  );
}
