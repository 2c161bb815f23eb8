/**
 * "Top up in one tap" (issue 32): the eSIM's top-up plans and the buyer's saved cards, then
 * Pay, which buys the plan at once with the card (lib/card-topup-api.ts): paid, the payment
 * page follows the order; or the bank's 3-D Secure page first. A refusal is said in the
 * dialog in the API's words, with the plan and card still chosen and Pay back.
 */

import type { MyEsim } from '@tern/contract/profile';
import { cardShortName } from '@tern/contract/saved-cards';
import { useId, useState } from 'react';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FailureNote } from '../../../components/failure-note';
import { SavedCardChoice } from '../../../components/saved-card-choice';
import { failureText } from '../../../lib/api-client';
import { useCardTopup } from '../../../lib/card-topup-api';
import { formatPrice } from '../../../lib/i18n';
import { useSavedCards } from '../../../lib/saved-cards-api';
import { useSession } from '../../../lib/session-store';
import { useTopupPlans } from '../api/get-topup-plans';
import { useProfileWords } from '../hooks/use-profile-words';
import { leftToRight } from '../utils/profile-format';
import { latestPlanOnSale, topupDestination } from '../utils/topup-choice';
import { TopupPlanSelect } from './topup-plan-select';
import { TopupPlansState } from './topup-plans-state';

interface OneTapTopupDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

export function OneTapTopupDialog({ esim, open, onClose }: OneTapTopupDialogProps) {
  const { t, language } = useProfileWords();
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const destination = esim ? (topupDestination(esim) ?? '') : '';
  const plans = useTopupPlans(email, iccid, destination, open && destination !== '');
  const cards = useSavedCards(email).data ?? [];
  const topup = useCardTopup(iccid);
  const [chosenPlan, setChosenPlan] = useState<string>();
  const [chosenCard, setChosenCard] = useState<number>();
  const planId = useId();
  const failureId = useId();

  const planList = plans.data ?? [];
  const planName =
    chosenPlan ?? (esim ? latestPlanOnSale(esim, planList)?.pla_name : undefined) ?? '';
  const plan = planList.find((each) => each.pla_name === planName);
  const card = cards.find((each) => each.id === chosenCard) ?? cards[0];
  const failure = failureText(topup.error, t('profile.oneTap.failed'));

  const pay = () => {
    if (!plan || !card) return;
    void topup.pay({ planName: plan.pla_name, cardId: card.id });
  };

  return (
    <Dialog
      open={open && esim !== undefined}
      onClose={onClose}
      title={t('profile.oneTap.title')}
      footer={
        <DialogActions
          cancelLabel={t('profile.oneTap.cancel')}
          onCancel={onClose}
          onAction={pay}
          disabled={!plan || !card || topup.isPending}
          describedBy={failure ? failureId : undefined}
        >
          {plan && card
            ? t('profile.oneTap.pay', {
                price: formatPrice(plan.pla_price, language),
                card: leftToRight(cardShortName(card), language),
              })
            : t('profile.oneTap.payPlain')}
        </DialogActions>
      }
    >
      <p className="text-slate-800">
        {t('profile.oneTap.intro', { iccid: leftToRight(iccid, language) })}
      </p>
      <div className="mt-4">
        <TopupPlansState plans={plans}>
          <TopupPlanSelect
            id={planId}
            label={t('profile.oneTap.plan')}
            plans={planList}
            value={planName}
            onChange={setChosenPlan}
          />
          <SavedCardChoice
            cards={cards}
            chosenId={card?.id}
            onChoose={setChosenCard}
            legend={t('profile.oneTap.card')}
            expiry={(each) => t('profile.oneTap.expires', { expiry: each.expiry })}
          />
        </TopupPlansState>
      </div>
      <FailureNote id={failureId} message={failure} />
    </Dialog>
  );
}
