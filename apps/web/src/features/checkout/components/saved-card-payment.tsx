/**
 * "Pay now with Visa •••• 4242" on the confirmation of a top-up (issue 32): the buyer's saved
 * card pays at once (a one-tap top-up, lib/card-topup-api.ts), beside the usual way through
 * the payment service's page. A choice among the cards when there are several. A refusal is
 * said here, in the API's words, and the button comes back; nothing chosen is lost. Store
 * credit and promo codes go with the payment service's page only (the one-tap request names
 * the plan and the card, nothing else), and the section says so when one is chosen.
 */
import type { Plan } from '@tern/contract/catalog';
import { cardShortName, type SavedCard } from '@tern/contract/saved-cards';
import { useId, useState } from 'react';
import { FailureNote } from '../../../components/failure-note';
import { SavedCardChoice } from '../../../components/saved-card-choice';
import { failureText } from '../../../lib/api-client';
import { useCardTopup } from '../../../lib/card-topup-api';
import { useLanguage, useT } from '../../../lib/i18n';
import { leftToRight } from '../../../lib/left-to-right';
import { useSavedCards } from '../../../lib/saved-cards-api';
import { primaryAction } from './result-panel';

export interface SavedCardPaymentProps {
  email: string;
  iccid: string;
  plan: Plan;
  /** Held (the home-country check): no payment of either kind yet. */
  disabled: boolean;
  disabledHintId: string | undefined;
  /** Store credit or a promo code chosen: the saved card would pay without them. */
  extrasChosen: boolean;
}

export function SavedCardPayment(props: SavedCardPaymentProps) {
  const cards = useSavedCards(props.email).data ?? [];
  if (cards.length === 0) return null;
  return <SavedCardPaymentWith cards={cards} {...props} />;
}

function SavedCardPaymentWith({
  cards,
  iccid,
  plan,
  disabled,
  disabledHintId,
  extrasChosen,
}: SavedCardPaymentProps & { cards: SavedCard[] }) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const failureId = useId();
  const [chosenId, setChosenId] = useState<number | undefined>(cards[0]?.id);
  const card = cards.find((each) => each.id === chosenId) ?? cards[0];
  const topup = useCardTopup(iccid);
  const failure = failureText(topup.error, t('checkout.savedCard.failed'));
  if (!card) return null;
  const describedBy = [disabled ? disabledHintId : undefined, failure ? failureId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-4 sm:px-6"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('checkout.savedCard.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('checkout.savedCard.intro')}</p>
      <SavedCardChoice
        cards={cards}
        chosenId={card.id}
        onChoose={setChosenId}
        legend={t('checkout.savedCard.choose')}
        expiry={(each) => t('checkout.savedCard.expires', { expiry: each.expiry })}
      />
      {extrasChosen ? (
        <p className="mt-3 text-sm text-amber-900">{t('checkout.savedCard.noExtras')}</p>
      ) : null}
      <FailureNote id={failureId} message={failure} />
      <div className="mt-4 flex justify-end">
        <button
          type="button"
          onClick={() => void topup.pay({ planName: plan.pla_name, cardId: card.id })}
          disabled={disabled || topup.isPending}
          aria-describedby={describedBy || undefined}
          className={`${primaryAction} disabled:cursor-not-allowed disabled:opacity-70`}
        >
          {t('checkout.savedCard.payNow', {
            card: leftToRight(cardShortName(card), language),
          })}
        </button>
      </div>
    </section>
  );
}
