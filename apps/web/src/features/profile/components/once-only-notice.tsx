/**
 * Before an eSIM not installed yet shows its install link or QR code: the plain warning that
 * the code works once and that deleting the eSIM loses it, to be acknowledged first ("I
 * understand, show install"). Once read on this device, for this eSIM, it is not asked again.
 * An eSIM already installed (or whose state is not known) passes through: its dialog says
 * what applies to it.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useInstallNotice } from '../hooks/use-install-notice';
import { useProfileWords } from '../hooks/use-profile-words';

interface OnceOnlyGateProps {
  iccid: string;
  /** Ask first only when the provider says the eSIM was never installed. */
  ask: boolean;
  /** Where the gate sits: a card's heading level differs from a dialog's. */
  headingLevel?: 3 | 4;
  /** Space above the warning, where the gate's children bring their own. */
  noticeClassName?: string;
  children: ReactNode;
}

export function OnceOnlyGate({
  iccid,
  ask,
  headingLevel = 4,
  noticeClassName = '',
  children,
}: OnceOnlyGateProps) {
  const { read, markRead } = useInstallNotice(iccid);
  const [justRead, setJustRead] = useState(false);
  if (justRead) return <FocusedOnShow>{children}</FocusedOnShow>;
  if (!ask || read) return <>{children}</>;
  return (
    <OnceOnlyNotice
      headingLevel={headingLevel}
      className={noticeClassName}
      onAcknowledge={() => {
        setJustRead(true);
        markRead();
      }}
    />
  );
}

/** The button pressed is gone: the focus goes to what it showed, not back to the page's top. */
function FocusedOnShow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      {children}
    </div>
  );
}

function OnceOnlyNotice({
  headingLevel,
  className,
  onAcknowledge,
}: {
  headingLevel: 3 | 4;
  className: string;
  onAcknowledge: () => void;
}) {
  const { t } = useProfileWords();
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-950 ${className}`}
    >
      <Heading id={headingId} className="text-sm font-semibold">
        {t('profile.install.notice.title')}
      </Heading>
      <p className="mt-2 text-sm">{t('profile.install.notice.once')}</p>
      <p className="mt-1 text-sm font-medium">{t('profile.install.notice.delete')}</p>
      <button
        type="button"
        onClick={onAcknowledge}
        className="mt-3 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('profile.install.notice.acknowledge')}
      </button>
    </section>
  );
}
