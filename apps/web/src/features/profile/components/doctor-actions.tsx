/**
 * The connection doctor's actions, each beside the step that calls for it: a top-up for the
 * country the phone is in, 'Refresh network', and the message to support prefilled with what
 * the doctor found.
 */
import type { DiagnosisStep, SupportDetails } from '@tern/contract/diagnosis';
import { topupHref } from '@tern/contract/topup-link';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { countryName, formatPrice } from '../../../lib/i18n';
import { useRefreshNetwork } from '../api/refresh-network';
import { useSendSupportReport } from '../api/send-support-report';
import { cheapestPlans } from '../utils/doctor-view';
import { type ProfileWords, planTitleIn } from '../utils/profile-format';

/** A plan for the country the phone is in, added to this eSIM: the cheapest few, and all of them. */
export function TopUpForCountry({
  step,
  iccid,
  words,
}: {
  step: Extract<DiagnosisStep, { id: 'top_up_for_country' }>;
  iccid: string;
  words: ProfileWords;
}) {
  const { t, language } = words;
  const country = countryName(step.country.iso, step.country.name, language);
  const topup = topupHref({ iccid, iso: step.country.iso, country: step.country.name });
  return (
    <>
      <h4 className="font-semibold text-slate-900">
        {t('profile.doctor.step.top_up_for_country', { country })}
      </h4>
      {step.plans.length === 0 || !topup ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('profile.doctor.step.top_up_for_country.none', { country })}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {t('profile.doctor.step.top_up_for_country.text')}
          </p>
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {cheapestPlans(step.plans).map((plan) => (
              <li key={plan.pla_id}>
                {t('profile.doctor.step.top_up_for_country.plan', {
                  title: planTitleIn(plan.pla_title, words),
                  price: formatPrice(plan.pla_price, language),
                })}
              </li>
            ))}
          </ul>
          <a
            href={topup}
            className="mt-3 inline-block rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('profile.doctor.step.top_up_for_country.action', { country })}
          </a>
        </>
      )}
    </>
  );
}

export function RefreshNetwork({
  iccid,
  email,
  words,
}: {
  iccid: string;
  email: string;
  words: ProfileWords;
}) {
  const { t } = words;
  const refresh = useRefreshNetwork(email, iccid);
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={() => refresh.mutate()}
        disabled={refresh.isPending}
        className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {refresh.isPending
          ? t('profile.doctor.refresh.pending')
          : t('profile.doctor.refresh.action')}
      </button>
      <p role="status" className="mt-2 text-sm text-slate-800 empty:hidden">
        {refresh.isSuccess
          ? t('profile.doctor.refresh.done')
          : refresh.isError
            ? refresh.error instanceof ApiError
              ? refresh.error.message
              : t('profile.doctor.refresh.failed')
            : ''}
      </p>
    </div>
  );
}

export function SupportReport({
  details,
  email,
  words,
}: {
  details: SupportDetails;
  email: string;
  words: ProfileWords;
}) {
  const { t } = words;
  const fieldId = useId();
  const [body, setBody] = useState(() => supportMessage(details, words));
  const send = useSendSupportReport();
  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) send.mutate({ email, body });
      }}
    >
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {t('profile.doctor.support.label')}
      </label>
      <textarea
        id={fieldId}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={8}
        dir="auto"
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs text-slate-900"
      />
      <button
        type="submit"
        disabled={send.isPending || send.isSuccess || !body.trim()}
        className="mt-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
      >
        {send.isPending ? t('profile.doctor.support.sending') : t('profile.doctor.support.send')}
      </button>
      <p role="status" className="mt-2 text-sm text-slate-800 empty:hidden">
        {send.isSuccess
          ? t('profile.doctor.support.sent')
          : send.isError
            ? t('profile.doctor.support.failed')
            : ''}
      </p>
    </form>
  );
}

/** The message to support: a line in the buyer's language, then the facts as the provider gave them. */
function supportMessage(details: SupportDetails, { t }: ProfileWords): string {
  const none = '-';
  return [
    t('profile.doctor.support.intro'),
    '',
    `ICCID: ${details.iccid}`,
    `Verdict: ${details.verdict}`,
    `Profile status: ${details.profileStatus}`,
    `Bundle: ${details.bundleName ?? none} (${details.bundleState ?? none})`,
    `Network: ${details.networkName ?? none}${details.country ? ` (${details.country})` : ''}`,
    `Last seen: ${details.lastSeen ?? none}`,
    `Checked at: ${details.checkedAt}`,
  ].join('\n');
}
