/**
 * The automatic top-up e-mail's stop link (issue 32): `#/auto-topup-stop?token=…`. The token
 * is sent once as the page opens (signed and single use, it needs no sign-in), and the page
 * says the outcome: off, or the API's words for a link that is not valid or was used already.
 * Only a failure to reach the server offers to try again: a refused link stays refused.
 */
import { paths } from '@tern/contract/routes';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { useStopByLink } from '../api/stop-auto-topup-link';
import { useProfileWords } from '../hooks/use-profile-words';

export function AutoTopupStopPage() {
  const { t } = useProfileWords();
  usePageMeta(t('profile.stopLink.metaTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const stop = useStopByLink();
  const { mutate } = stop;
  const sent = useRef(false);
  const headingId = useId();

  useEffect(() => {
    // Once per visit, StrictMode's second run included: the link works only once.
    if (sent.current || token === '') return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const refused = stop.error instanceof ApiError && stop.error.status < 500;
  const outcome =
    token === ''
      ? {
          tone: 'error',
          title: t('profile.stopLink.failedTitle'),
          text: t('profile.stopLink.noToken'),
        }
      : stop.isSuccess
        ? { tone: 'done', title: t('profile.stopLink.done'), text: t('profile.stopLink.doneText') }
        : stop.isError
          ? {
              tone: 'error',
              title: t('profile.stopLink.failedTitle'),
              text: refused && stop.error ? stop.error.message : t('profile.stopLink.failed'),
            }
          : { tone: 'busy', title: t('profile.stopLink.stopping'), text: '' };

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {t('profile.stopLink.metaTitle')}
      </h1>
      <section
        aria-labelledby={headingId}
        className={`mt-8 rounded-2xl border p-6 sm:p-8 ${
          outcome.tone === 'done'
            ? 'border-green-200 bg-green-50'
            : outcome.tone === 'error'
              ? 'border-red-200 bg-red-50'
              : 'border-brand-100 bg-brand-50'
        }`}
      >
        <div role={outcome.tone === 'error' ? 'alert' : 'status'}>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {outcome.title}
          </h2>
          {outcome.text ? <p className="mt-2 text-slate-800">{outcome.text}</p> : null}
        </div>
        {outcome.tone === 'busy' ? null : (
          <div className="mt-6 flex flex-wrap gap-3">
            {stop.isError && !refused ? (
              <button type="button" onClick={() => mutate(token)} className={primaryClass}>
                {t('profile.stopLink.retry')}
              </button>
            ) : null}
            <AccountLink />
          </div>
        )}
      </section>
    </div>
  );
}

/** Where automatic top-up is managed: the profile, through sign-in for someone signed out. */
function AccountLink() {
  const { t } = useProfileWords();
  const { client } = useSession();
  return client ? (
    <Link to={paths.profile} className={secondaryClass}>
      {t('profile.stopLink.account')}
    </Link>
  ) : (
    <Link to={paths.signIn} className={secondaryClass}>
      {t('profile.stopLink.signIn')}
    </Link>
  );
}

const primaryClass =
  'inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800';
const secondaryClass =
  'inline-flex h-11 items-center justify-center rounded-lg border border-slate-400 bg-white px-5 font-semibold text-slate-900 hover:bg-slate-50';
