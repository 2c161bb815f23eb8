import { hrefTo, paths } from '@tern/contract/routes';
import { useT } from '../lib/i18n';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  const t = useT();
  usePageMeta(t('shell.notFound.title'));
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('shell.notFound.title')}</h1>
      <p className="mt-4 text-slate-700">{t('shell.notFound.text')}</p>
      <a
        href={hrefTo(paths.home)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {t('shell.notFound.home')}
      </a>
    </div>
  );
}
