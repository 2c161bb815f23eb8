/**
 * A name or mobile typed at sign-in that differs from the account's, offered as a change:
 * signing in never rewrites a known account (docs/decisions/0016). Update saves it and the
 * header shows it at once; Keep current forgets it. Either way the offer goes, and focus goes
 * to the profile's heading, which names the account as it now is.
 */
import type { ClientDetailsRequest } from '@tern/contract/sign-up';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { detailsOffer, offerQuestion, useDetailsOffer } from '../../../lib/details-offer';
import type { Translate } from '../../../lib/i18n';
import { withLoading } from '../../../lib/loading-store';
import type { Client } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { useUpdateClientDetails } from '../api/update-client-details';
import { useProfileWords } from '../hooks/use-profile-words';

export interface DetailsChangeOfferProps {
  client: Client;
  /** The offer was answered (and is gone): where focus goes next. */
  onAnswered: () => void;
}

export function DetailsChangeOffer({ client, onAnswered }: DetailsChangeOfferProps) {
  const words = useProfileWords();
  const { t } = words;
  const offer = useDetailsOffer(client.email);
  const update = useUpdateClientDetails();
  const [failure, setFailure] = useState<readonly string[]>();
  const id = useId();
  if (!offer) return null;

  async function accept(details: ClientDetailsRequest) {
    setFailure(undefined);
    try {
      await withLoading(() => update.mutateAsync(details));
      detailsOffer.clear();
      toast.success(t('profile.offer.updated'));
      onAnswered();
    } catch (error) {
      // A 401 is the data cache's: it signs out and goes to sign in.
      if (error instanceof ApiError && error.status === 401) return;
      setFailure(failureLines(error, t));
    }
  }

  function keep() {
    detailsOffer.clear();
    onAnswered();
  }

  return (
    <section
      aria-label={t('profile.offer.label')}
      className="mt-6 rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6"
    >
      <p id={`${id}-question`} className="font-medium text-slate-900">
        {offerQuestion(offer, words)}
      </p>
      {failure ? (
        <div role="alert" className="mt-3 text-sm text-red-800">
          {failure.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          aria-describedby={`${id}-question`}
          disabled={update.isPending}
          onClick={() => void accept({ cli_name: offer.name, cli_mobile: offer.mobile })}
          className="rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {t('profile.offer.update')}
        </button>
        <button
          type="button"
          disabled={update.isPending}
          onClick={keep}
          className="rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
        >
          {t('profile.offer.keep')}
        </button>
      </div>
    </section>
  );
}

/** What failed, with what the server said about it (in its words) when the buyer can act on it. */
function failureLines(error: unknown, t: Translate): readonly string[] {
  const failed = t('profile.offer.updateFailed');
  if (!(error instanceof ApiError)) return [failed];
  const told = error.status === 429 ? [error.message] : [];
  const fields = error.fieldErrors.map((field) => field.message);
  return [...new Set([failed, ...told, ...fields])];
}
