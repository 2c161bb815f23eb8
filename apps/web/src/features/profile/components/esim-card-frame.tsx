/**
 * The frame every eSIM card shares, the live one and the copy saved for offline: the
 * destination as the card's heading, the ICCID (left to right in Arabic too) and any further
 * facts, then the rest of the card.
 */
import type { MyEsim } from '@tern/contract/profile';
import { type ReactNode, useId } from 'react';
import { useProfileWords } from '../hooks/use-profile-words';
import { destinationNameIn } from '../utils/profile-format';

interface EsimCardFrameProps {
  esim: Pick<MyEsim, 'iccid' | 'destination'>;
  /** More `dt`/`dd` pairs after the ICCID. */
  facts?: ReactNode;
  /** A word beside the heading: the eSIM is installed. */
  badge?: ReactNode;
  children: ReactNode;
}

export function EsimCardFrame({ esim, facts, badge, children }: EsimCardFrameProps) {
  const { t, language } = useProfileWords();
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {destinationNameIn(esim.destination, language)}
        </h3>
        {badge}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('profile.esim.iccid')}</dt>
        <dd className="break-all font-mono text-slate-900">
          <bdi dir="ltr">{esim.iccid}</bdi>
        </dd>
        {facts}
      </dl>
      {children}
    </article>
  );
}
