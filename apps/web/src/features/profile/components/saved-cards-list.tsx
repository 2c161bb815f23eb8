/**
 * Saved cards on the profile (issue 32): each card's scheme, last four digits and expiry (the
 * shop has nothing more), with Remove, which asks first and then deletes the card at the
 * payment service and here. A removal the payment service did not confirm says so and leaves
 * the card listed, to try again. Shown once the account has a saved card.
 */
import { type SavedCard, schemeName } from '@tern/contract/saved-cards';
import { useId, useState } from 'react';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { FailureNote } from '../../../components/failure-note';
import { LoadError } from '../../../components/load-error';
import { failureText } from '../../../lib/api-client';
import { useSavedCards } from '../../../lib/saved-cards-api';
import { toast } from '../../../lib/toast-store';
import { useRemoveSavedCard } from '../api/saved-cards';
import { useProfileWords } from '../hooks/use-profile-words';

export function SavedCardsList({ email }: { email: string }) {
  const { t } = useProfileWords();
  const headingId = useId();
  const cards = useSavedCards(email);
  const [removing, setRemoving] = useState<SavedCard | undefined>(undefined);
  if (cards.isError) {
    return (
      <div className="mt-6">
        <LoadError message={t('profile.cards.error')} onRetry={() => void cards.refetch()} />
      </div>
    );
  }
  const list = cards.data ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-4 sm:px-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('profile.cards.heading')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {list.map((card) => (
          <li key={card.id} className="flex items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-slate-900">
                {t('profile.cards.card', { scheme: schemeName(card.scheme), last4: card.last4 })}
              </p>
              <p className="text-sm text-slate-600">
                {t('profile.cards.expires', { expiry: card.expiry })}
              </p>
            </div>
            <button
              type="button"
              onClick={() => setRemoving(card)}
              className={secondaryButtonClass}
              aria-label={`${t('profile.cards.remove')}: ${t('profile.cards.card', {
                scheme: schemeName(card.scheme),
                last4: card.last4,
              })}`}
            >
              {t('profile.cards.remove')}
            </button>
          </li>
        ))}
      </ul>
      <RemoveCardDialog email={email} card={removing} onClose={() => setRemoving(undefined)} />
    </section>
  );
}

function RemoveCardDialog({
  email,
  card,
  onClose,
}: {
  email: string;
  card: SavedCard | undefined;
  onClose: () => void;
}) {
  const { t } = useProfileWords();
  const remove = useRemoveSavedCard(email);
  const failureId = useId();
  const failure = failureText(remove.error, t('profile.cards.error'));
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!card || remove.isPending) return;
    remove.mutate(card.id, {
      onSuccess: () => {
        toast.success(t('profile.cards.removed'));
        close();
      },
    });
  };
  const named = card ? { scheme: schemeName(card.scheme), last4: card.last4 } : undefined;
  return (
    <Dialog
      open={card !== undefined}
      onClose={close}
      title={t('profile.cards.confirmTitle')}
      width="sm"
      footer={
        <>
          <button type="button" onClick={close} className={secondaryButtonClass}>
            {t('profile.cards.cancel')}
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={remove.isPending}
            aria-describedby={failure ? failureId : undefined}
            className="rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60"
          >
            {t('profile.cards.confirmRemove')}
          </button>
        </>
      }
    >
      {named ? <p className="text-slate-800">{t('profile.cards.confirmBody', named)}</p> : null}
      <FailureNote id={failureId} message={failure} />
    </Dialog>
  );
}
