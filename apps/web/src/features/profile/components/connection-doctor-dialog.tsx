/**
 * 'Not connecting?': the connection doctor for one eSIM. It asks the provider (through the
 * shop) whether the eSIM is installed, has data and was seen on a network, and says what to
 * do in plain words, step by step: a 'Refresh network' button where it applies, a top-up link
 * when the data is gone or the phone is in a country the eSIM does not cover, and a message
 * to support prefilled with what the doctor found. With no network it lists at once what can
 * be checked on the phone meanwhile.
 */
import type { Diagnosis, DiagnosisStep } from '@tern/contract/diagnosis';
import type { Language } from '@tern/contract/languages';
import type { MyEsim } from '@tern/contract/profile';
import { topupHref } from '@tern/contract/topup-link';
import { useId } from 'react';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { countryName } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import type { MessageId } from '../../../locales/en';
import { useDiagnosis } from '../api/get-diagnosis';
import { useProfileWords } from '../hooks/use-profile-words';
import { formatDateTime } from '../utils/dates';
import { doctorView, offlineChecklist, uncoveredCountry } from '../utils/doctor-view';
import { dateLocale, type ProfileWords } from '../utils/profile-format';
import { DialogEsimLine } from './dialog-esim-line';
import { RefreshNetwork, SupportReport, TopUpForCountry } from './doctor-actions';

interface ConnectionDoctorDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

export function ConnectionDoctorDialog({ esim, open, onClose }: ConnectionDoctorDialogProps) {
  const { t } = useProfileWords();
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const diagnosis = useDiagnosis(email, iccid, open && iccid !== '');
  const view = esim ? doctorView(diagnosis) : 'checking';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('profile.doctor.title')}
      width="lg"
      footer={
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          {t('profile.dialog.close')}
        </button>
      }
    >
      <DialogEsimLine iccid={iccid} />
      {view === 'findings' && diagnosis.data && esim ? (
        <Findings diagnosis={diagnosis.data} esim={esim} email={email} />
      ) : view === 'offline' && esim ? (
        <OfflineChecklist
          esim={esim}
          email={email}
          onRetry={() => void diagnosis.refetch()}
          retrying={diagnosis.fetchStatus === 'fetching'}
        />
      ) : view === 'failed' ? (
        <LoadError
          message={
            diagnosis.error instanceof ApiError && diagnosis.error.status === 502
              ? diagnosis.error.message
              : t('profile.doctor.error')
          }
          onRetry={() => void diagnosis.refetch()}
          retrying={diagnosis.isFetching}
          compact
        />
      ) : (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">{t('profile.doctor.loading')}</span>
          <div className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
        </div>
      )}
    </Dialog>
  );
}

/** No network to ask the provider through: what can be checked on the phone meanwhile. */
function OfflineChecklist({
  esim,
  email,
  onRetry,
  retrying,
}: {
  esim: MyEsim;
  email: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const words = useProfileWords();
  const { t } = words;
  return (
    <>
      <section className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
        <h3 className="font-semibold text-slate-900">{t('profile.doctor.offline')}</h3>
        <p className="mt-1 text-sm text-slate-800">{t('profile.doctor.offline.text')}</p>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className={`mt-3 ${secondaryButtonClass}`}
        >
          {t('profile.doctor.offline.retry')}
        </button>
      </section>
      <StepList steps={offlineChecklist} esim={esim} email={email} words={words} />
    </>
  );
}

function Findings({
  diagnosis,
  esim,
  email,
}: {
  diagnosis: Diagnosis;
  esim: MyEsim;
  email: string;
}) {
  const words = useProfileWords();
  const { t, language } = words;
  const network = diagnosis.network;
  const uncovered = uncoveredCountry(diagnosis);
  const country = uncovered ? countryName(uncovered.iso, uncovered.name, language) : undefined;
  return (
    <>
      <section
        className={`mt-4 rounded-xl p-4 ring-1 ${diagnosis.verdict === 'attached' ? 'bg-emerald-50 ring-emerald-200' : 'bg-amber-50 ring-amber-200'}`}
      >
        <h3 className="font-semibold text-slate-900">
          {t(`profile.doctor.verdict.${diagnosis.verdict}` as MessageId, { country })}
        </h3>
        <p className="mt-1 text-sm text-slate-800">
          {t(`profile.doctor.verdict.${diagnosis.verdict}.text` as MessageId, { country })}
        </p>
        {network ? (
          <p className="mt-2 text-sm text-slate-800">
            {t('profile.doctor.network', {
              network: networkLabel(network, language),
              time: network.lastSeen
                ? formatDateTime(network.lastSeen, undefined, dateLocale(language))
                : t('profile.doctor.network.unknownTime'),
            })}
          </p>
        ) : null}
        <p className="mt-2 text-xs text-slate-600">
          {t('profile.doctor.checkedAt', {
            time: formatDateTime(diagnosis.checkedAt, undefined, dateLocale(language)),
          })}
        </p>
      </section>
      <StepList steps={diagnosis.steps} esim={esim} email={email} words={words} />
    </>
  );
}

/** 'What to do': the steps, numbered, in the order to try them. */
function StepList({
  steps,
  esim,
  email,
  words,
}: {
  steps: readonly DiagnosisStep[];
  esim: MyEsim;
  email: string;
  words: ProfileWords;
}) {
  const { t, language } = words;
  const stepsHeading = useId();
  return (
    <>
      <h3 id={stepsHeading} className="mt-5 text-sm font-semibold text-slate-700">
        {t('profile.doctor.steps')}
      </h3>
      <ol aria-labelledby={stepsHeading} className="mt-2 space-y-3">
        {steps.map((step, index) => (
          <li key={step.id} className="flex gap-3 rounded-xl p-4 ring-1 ring-slate-200">
            <span
              aria-hidden="true"
              className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
            >
              {(index + 1).toLocaleString(language === 'ar' ? 'en' : language)}
            </span>
            <div className="min-w-0 flex-1">
              <Step step={step} esim={esim} email={email} words={words} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

function Step({
  step,
  esim,
  email,
  words,
}: {
  step: DiagnosisStep;
  esim: MyEsim;
  email: string;
  words: ProfileWords;
}) {
  const { t } = words;
  // Its title names the country: worded apart.
  if (step.id === 'top_up_for_country') {
    return <TopUpForCountry step={step} iccid={esim.iccid} words={words} />;
  }
  const title = (
    <h4 className="font-semibold text-slate-900">
      {t(`profile.doctor.step.${step.id}` as MessageId)}
    </h4>
  );
  switch (step.id) {
    case 'install_qr':
    case 'finish_install':
    case 'turn_on_roaming':
    case 'choose_data_line':
    case 'restart_phone':
      return (
        <>
          {title}
          <p className="mt-1 text-sm text-slate-700">
            {t(`profile.doctor.step.${step.id}.text` as MessageId)}
          </p>
        </>
      );
    case 'buy_or_top_up': {
      const topup = topupHref({
        iccid: esim.iccid,
        iso: esim.destination.iso,
        country: esim.destination.name,
      });
      return (
        <>
          {title}
          <p className="mt-1 text-sm text-slate-700">
            {t('profile.doctor.step.buy_or_top_up.text')}
          </p>
          {topup ? (
            <a
              href={topup}
              className="mt-3 inline-block rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('profile.doctor.step.buy_or_top_up.action')}
            </a>
          ) : null}
        </>
      );
    }
    case 'refresh_network':
      return (
        <>
          {title}
          <p className="mt-1 text-sm text-slate-700">
            {t('profile.doctor.step.refresh_network.text')}
          </p>
          <RefreshNetwork iccid={esim.iccid} email={email} words={words} />
        </>
      );
    case 'apn_hint':
      return (
        <>
          {title}
          <p className="mt-1 text-sm text-slate-700">
            {step.apn
              ? t('profile.doctor.step.apn_hint.set', { apn: step.apn })
              : t('profile.doctor.step.apn_hint.text')}
          </p>
        </>
      );
    case 'contact_support':
      return (
        <>
          {title}
          <p className="mt-1 text-sm text-slate-700">
            {t('profile.doctor.step.contact_support.text')}
          </p>
          <SupportReport details={step.details} email={email} words={words} />
        </>
      );
  }
}

function networkLabel(network: NonNullable<Diagnosis['network']>, language: Language): string {
  const country =
    network.country && /^[A-Za-z]{2}$/.test(network.country)
      ? new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(
          network.country.toUpperCase(),
        )
      : network.country;
  return country ? `${network.networkName} (${country})` : network.networkName;
}
