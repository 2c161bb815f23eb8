// What the page area shows for the moment a page's code is still on its way.
import { useT } from '../lib/i18n';

export function PageFallback() {
  const t = useT();
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <span className="sr-only">{t('shell.loading.text')}</span>
    </div>
  );
}
