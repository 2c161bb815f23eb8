/** The one-tap install links (iOS, Android), each opening in a new tab. */
import { useProfileWords } from '../hooks/use-profile-words';

const installLinkClass =
  'inline-flex items-center rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50';

export function InstallLinks({ links }: { links: { ios: string; android: string } }) {
  const { t } = useProfileWords();
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <a href={links.ios} target="_blank" rel="noopener noreferrer" className={installLinkClass}>
        {t('profile.qr.manual.ios')}
        <span className="sr-only">{t('profile.qr.manual.newTab')}</span>
      </a>
      <a
        href={links.android}
        target="_blank"
        rel="noopener noreferrer"
        className={installLinkClass}
      >
        {t('profile.qr.manual.android')}
        <span className="sr-only">{t('profile.qr.manual.newTab')}</span>
      </a>
    </div>
  );
}
