/**
 * The profile's share link (issue 31): a friend who signs up through it and pays a first
 * order gives both accounts store credit. The link can be copied, or shared where the device
 * offers it; the rules are said as they are enforced (not one's own accounts, a monthly cap).
 */
import type { Referral } from '@tern/contract/referrals';
import { useId } from 'react';
import { LoadError } from '../../../components/load-error';
import { useLanguage, useT } from '../../../lib/i18n';
import { formatPrice } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast-store';
import { useReferral } from '../api/get-referral';

export function InviteFriends({ email }: { email: string }) {
  const t = useT();
  const referral = useReferral(email);
  if (referral.isPending) return <p role="status">{t('referral.loading')}</p>;
  if (referral.isError)
    return <LoadError message={t('referral.loadFailed')} onRetry={() => void referral.refetch()} />;
  return <ShareLink referral={referral.data} />;
}

const actionClass =
  'inline-flex min-h-11 items-center rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50';

function ShareLink({ referral }: { referral: Referral }) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  const reward = formatPrice(referral.reward, language);
  const friendReward = formatPrice(referral.friendReward, language);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referral.link);
      toast.success(t('referral.copied'));
    } catch {
      toast.error(t('referral.copyFailed'));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('referral.shareTitle'), url: referral.link });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  return (
    <div className="space-y-4">
      <h3 className="text-lg font-semibold text-slate-900">
        {t('referral.title', { reward, friendReward })}
      </h3>
      <p className="text-slate-700">{t('referral.intro', { reward, friendReward })}</p>
      <div>
        <label htmlFor={`${id}-link`} className="block text-sm font-medium text-slate-900">
          {t('referral.link')}
        </label>
        <input
          id={`${id}-link`}
          readOnly
          dir="ltr"
          value={referral.link}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 block h-11 w-full rounded-lg border border-slate-400 bg-slate-50 px-3 font-mono text-sm text-slate-900"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={actionClass} onClick={() => void copy()}>
          {t('referral.copy')}
        </button>
        {typeof navigator.share === 'function' ? (
          <button type="button" className={actionClass} onClick={() => void share()}>
            {t('referral.share')}
          </button>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">
        {t('referral.counts', { rewarded: referral.rewarded, pending: referral.pending })}
      </p>
      <p className="text-sm text-slate-600">{t('referral.rules', { max: referral.maxPerMonth })}</p>
    </div>
  );
}
