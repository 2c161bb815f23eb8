/**
 * Turning on, or changing, an eSIM's automatic top-up (issue 32): the plan (the one bought last
 * while it is on sale), the card, at what share of data left, and at most how many times a
 * month; then the consent in full words before the button, since each top-up will be a
 * payment the shop starts without asking again (a merchant-initiated payment under this
 * agreement). The server's refusal (a card the gateway will not keep for this, an eSIM it is
 * not for) is said in the dialog, with everything chosen still there.
 */

import {
  AUTO_TOPUP_DEFAULT_MAX_PER_MONTH,
  AUTO_TOPUP_DEFAULT_PERCENT_LEFT,
  type AutoTopup,
} from '@tern/contract/card-topups';
import type { MyEsim } from '@tern/contract/profile';
import { cardShortName } from '@tern/contract/saved-cards';
import { useId, useState } from 'react';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FailureNote } from '../../../components/failure-note';
import { SavedCardChoice } from '../../../components/saved-card-choice';
import { TextField } from '../../../components/text-field';
import { failureText } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/i18n';
import { useSavedCards } from '../../../lib/saved-cards-api';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { useAutoTopup, useSaveAutoTopup } from '../api/auto-topup';
import { useTopupPlans } from '../api/get-topup-plans';
import { useProfileWords } from '../hooks/use-profile-words';
import { leftToRight, planTitleIn } from '../utils/profile-format';
import { latestPlanOnSale, topupDestination } from '../utils/topup-choice';
import { TopupPlanSelect } from './topup-plan-select';
import { TopupPlansState } from './topup-plans-state';

interface AutoTopupDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

/** A whole number within [min, max] from what was typed, else undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

export function AutoTopupDialog({ esim, open, onClose }: AutoTopupDialogProps) {
  const words = useProfileWords();
  const { t, language } = words;
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const destination = esim ? (topupDestination(esim) ?? '') : '';
  const plans = useTopupPlans(email, iccid, destination, open && destination !== '');
  const cards = useSavedCards(email).data ?? [];
  const current = useAutoTopup(email, iccid, open && iccid !== '').data?.autoTopup ?? undefined;
  const save = useSaveAutoTopup(email, iccid);
  const ids = { plan: useId(), percent: useId(), max: useId(), failure: useId() };

  const [chosenPlan, setChosenPlan] = useState<string>();
  const [chosenCard, setChosenCard] = useState<number>();
  const [percent, setPercent] = useState<string>();
  const [max, setMax] = useState<string>();
  const [tried, setTried] = useState(false);

  const planList = plans.data ?? [];
  const latest = esim ? latestPlanOnSale(esim, planList) : undefined;
  const planName = chosenPlan ?? startingPlan(current, planList) ?? latest?.pla_name ?? '';
  const plan = planList.find((each) => each.pla_name === planName);
  const card = cards.find((each) => each.id === (chosenCard ?? current?.cardId)) ?? cards[0];
  const percentText =
    percent ?? String(current?.whenPercentLeft ?? AUTO_TOPUP_DEFAULT_PERCENT_LEFT);
  const maxText = max ?? String(current?.maxPerMonth ?? AUTO_TOPUP_DEFAULT_MAX_PER_MONTH);
  const percentValue = wholeIn(percentText, 5, 50);
  const maxValue = wholeIn(maxText, 1, 10);
  const failure = failureText(save.error, t('profile.auto.failed'));

  const submit = () => {
    setTried(true);
    if (!plan || !card || percentValue === undefined || maxValue === undefined) return;
    if (save.isPending) return;
    save.mutate(
      {
        planName: plan.pla_name,
        cardId: card.id,
        whenPercentLeft: percentValue,
        maxPerMonth: maxValue,
      },
      {
        onSuccess: () => {
          toast.success(t('profile.auto.saved'));
          onClose();
        },
      },
    );
  };

  const ready = plan !== undefined && card !== undefined && maxValue !== undefined;
  return (
    <Dialog
      open={open && esim !== undefined}
      onClose={onClose}
      title={t('profile.auto.dialogTitle')}
      footer={
        <DialogActions
          cancelLabel={t('profile.auto.cancel')}
          onCancel={onClose}
          onAction={submit}
          disabled={save.isPending || planList.length === 0}
          describedBy={failure ? ids.failure : undefined}
        >
          {t(current ? 'profile.auto.saveChange' : 'profile.auto.save')}
        </DialogActions>
      }
    >
      <p className="text-slate-800">
        {t('profile.auto.intro', { iccid: leftToRight(iccid, language) })}
      </p>
      <div className="mt-4">
        <TopupPlansState plans={plans}>
          <div className="grid gap-4">
            <TopupPlanSelect
              id={ids.plan}
              label={t('profile.auto.planLabel')}
              plans={planList}
              value={planName}
              onChange={setChosenPlan}
              hint={!current && !latest ? t('profile.auto.latestGone') : undefined}
              error={tried && !plan ? t('profile.auto.planError') : undefined}
            />
            <SavedCardChoice
              cards={cards}
              chosenId={card?.id}
              onChoose={setChosenCard}
              legend={t('profile.auto.cardLabel')}
              expiry={(each) => t('profile.oneTap.expires', { expiry: each.expiry })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id={ids.percent}
                label={t('profile.auto.percentLabel')}
                hint={t('profile.auto.percentHint')}
                inputMode="numeric"
                type="number"
                min={5}
                max={50}
                value={percentText}
                onChange={(event) => setPercent(event.target.value)}
                error={percentValue === undefined ? t('profile.auto.percentError') : undefined}
              />
              <TextField
                id={ids.max}
                label={t('profile.auto.maxLabel')}
                hint={t('profile.auto.maxHint')}
                inputMode="numeric"
                type="number"
                min={1}
                max={10}
                value={maxText}
                onChange={(event) => setMax(event.target.value)}
                error={maxValue === undefined ? t('profile.auto.maxError') : undefined}
              />
            </div>
            {ready ? (
              <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-slate-200">
                {t('profile.auto.consent', {
                  card: leftToRight(cardShortName(card), language),
                  price: formatPrice(plan.pla_price, language),
                  plan: planTitleIn(plan.pla_title, words),
                  max: maxValue,
                })}
              </p>
            ) : null}
          </div>
        </TopupPlansState>
      </div>
      <FailureNote id={ids.failure} message={failure} />
    </Dialog>
  );
}

/** A change starts from the plan that is on, while it is still on sale. */
function startingPlan(
  current: AutoTopup | undefined,
  plans: readonly { pla_name: string }[],
): string | undefined {
  if (!current) return undefined;
  return plans.some((plan) => plan.pla_name === current.planName) ? current.planName : undefined;
}
