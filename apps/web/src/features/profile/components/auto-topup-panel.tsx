/**
 * An eSIM card's "Automatic top-up" (issue 32): off, with a way to turn it on; or on, with its
 * plan, card, threshold, monthly limit and how many it made this month, and Change and Stop.
 * It needs a saved card: without one, a line says how to get one (saving it at the next
 * purchase). Turning on and changing happen in AutoTopupDialog, opened by the profile page.
 */
import type { AutoTopup } from '@tern/contract/card-topups';
import type { MyEsim } from '@tern/contract/profile';
import { cardShortName, type SavedCard } from '@tern/contract/saved-cards';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FailureNote } from '../../../components/failure-note';
import { failureText } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { useAutoTopup, useStopAutoTopup } from '../api/auto-topup';
import { useProfileWords } from '../hooks/use-profile-words';
import { leftToRight, planTitleIn } from '../utils/profile-format';

interface AutoTopupPanelProps {
  email: string;
  esim: MyEsim;
  /** The buyer's saved cards; undefined while unknown (nothing is said then). */
  cards: readonly SavedCard[] | undefined;
  onOpen: () => void;
  /** The screen reader's "for eSIM …" after each button's words. */
  forThis: ReactNode;
}

export function AutoTopupPanel({ email, esim, cards, onOpen, forThis }: AutoTopupPanelProps) {
  const { t } = useProfileWords();
  const headingId = useId();
  const hasCard = cards !== undefined && cards.length > 0;
  const state = useAutoTopup(email, esim.iccid, hasCard);
  const heading = useRef<HTMLHeadingElement>(null);
  const isOn = Boolean(state.data?.autoTopup);
  // Turning it on or off replaces the button that had the focus: keeping the reader's place,
  // the focus goes to this section's heading rather than to the top of the page.
  const wasOn = useRef(isOn);
  useEffect(() => {
    if (wasOn.current === isOn) return;
    wasOn.current = isOn;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [isOn]);
  if (cards === undefined) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl px-3 py-3 ring-1 ring-slate-200"
    >
      <h4
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-sm font-semibold text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
      >
        {t('profile.auto.heading')}
      </h4>
      {!hasCard ? (
        <p className="mt-1 text-sm text-slate-600">{t('profile.auto.noCard')}</p>
      ) : state.isError ? (
        <p className="mt-1 text-sm text-slate-600">{t('profile.auto.loadError')}</p>
      ) : !state.data ? (
        <p className="mt-1 text-sm text-slate-600">{t('profile.auto.loading')}</p>
      ) : state.data.autoTopup ? (
        <AutoTopupOn
          email={email}
          esim={esim}
          autoTopup={state.data.autoTopup}
          cards={cards}
          onChange={onOpen}
          forThis={forThis}
        />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('profile.auto.off')}</p>
          <button type="button" onClick={onOpen} className={`mt-3 ${buttonClass}`}>
            {t('profile.auto.turnOn')}
            {forThis}
          </button>
        </>
      )}
    </section>
  );
}

function AutoTopupOn({
  email,
  esim,
  autoTopup,
  cards,
  onChange,
  forThis,
}: {
  email: string;
  esim: MyEsim;
  autoTopup: AutoTopup;
  cards: readonly SavedCard[];
  onChange: () => void;
  forThis: ReactNode;
}) {
  const words = useProfileWords();
  const { t, language } = words;
  const stop = useStopAutoTopup(email, esim.iccid);
  const failureId = useId();
  const card = cards.find((each) => each.id === autoTopup.cardId);
  // The plan's title as the card's bundles name it; a plan never bought here by its name.
  const bundle = esim.bundles.find((each) => each.planName === autoTopup.planName);
  const failure = failureText(stop.error, t('profile.auto.failed'));
  const stopNow = () => {
    if (stop.isPending) return;
    stop.mutate(undefined, { onSuccess: () => toast.success(t('profile.auto.stopped')) });
  };
  return (
    <>
      <p className="mt-1 text-sm font-semibold text-emerald-900">{t('profile.auto.isOn')}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('profile.auto.plan')}</dt>
        <dd className="text-slate-900">
          {bundle ? planTitleIn(bundle.title, words) : autoTopup.planName}
        </dd>
        <dt className="text-slate-600">{t('profile.auto.card')}</dt>
        <dd className="text-slate-900">
          {card ? leftToRight(cardShortName(card), language) : t('profile.auto.cardGone')}
        </dd>
        <dt className="text-slate-600">{t('profile.auto.when')}</dt>
        <dd className="text-slate-900">
          {t('profile.auto.whenValue', { percent: autoTopup.whenPercentLeft })}
        </dd>
        <dt className="text-slate-600">{t('profile.auto.cap')}</dt>
        <dd className="text-slate-900">
          {t('profile.auto.capValue', { max: autoTopup.maxPerMonth })}
        </dd>
        <dt className="text-slate-600">{t('profile.auto.used')}</dt>
        <dd className="text-slate-900">
          {t('profile.auto.usedValue', { count: autoTopup.usedThisMonth })}
        </dd>
      </dl>
      <FailureNote id={failureId} message={failure} compact />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={onChange} className={buttonClass}>
          {t('profile.auto.change')}
          {forThis}
        </button>
        <button
          type="button"
          onClick={stopNow}
          disabled={stop.isPending}
          aria-describedby={failure ? failureId : undefined}
          className={`${buttonClass} disabled:cursor-wait disabled:opacity-60`}
        >
          {t('profile.auto.stop')}
          {forThis}
        </button>
      </div>
    </>
  );
}

const buttonClass =
  'rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
