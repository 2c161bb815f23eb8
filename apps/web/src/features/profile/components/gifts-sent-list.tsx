/**
 * Gifts sent (issue 31): each eSIM the buyer gave, to whom (the address left to right in
 * Arabic too), which plan, when, and how it stands: sent, installed on the recipient's phone
 * (the provider's word), or refunded. The invoice of each stays in the buyer's Invoices tab.
 */
import type { GiftSent, GiftState } from '@tern/contract/gifts';
import type { MyEsim } from '@tern/contract/profile';
import { withinRefundWindow } from '@tern/contract/refunds';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../locales/en';
import { useProfileWords } from '../hooks/use-profile-words';
import { formatDate } from '../utils/dates';
import { dateLocale, destinationNameIn, planTitleIn } from '../utils/profile-format';

const stateWords: Record<GiftState, MessageId> = {
  sent: 'profile.gifts.state.sent',
  installed: 'profile.gifts.state.installed',
  refunded: 'profile.gifts.state.refunded',
  unknown: 'profile.gifts.state.unknown',
};

const stateColours: Record<GiftState, string> = {
  sent: 'bg-sky-50 text-sky-900 ring-sky-200',
  installed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  refunded: 'bg-slate-100 text-slate-800 ring-slate-300',
  unknown: 'bg-slate-100 text-slate-800 ring-slate-300',
};

interface GiftsSentListProps {
  gifts: readonly GiftSent[];
  /** The buyer asks for a gift's refund: the same dialog, and rules, as for their own eSIM. */
  onRefund: (gift: GiftSent) => void;
}

/** A gift as the refund dialog names an eSIM: the refund is the buyer's (issue 31). */
export function giftAsEsim(gift: GiftSent): MyEsim {
  return {
    iccid: gift.iccid,
    planName: '',
    planDescription: gift.planTitle,
    bundles: [],
    destination: gift.destination,
    purchasedAt: gift.sentAt,
    refundedAt: null,
  };
}

export function GiftsSentList({ gifts, onRefund }: GiftsSentListProps) {
  const words = useProfileWords();
  const { t } = words;
  return (
    <div>
      <p className="text-sm text-slate-700">{t('profile.gifts.intro')}</p>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {gifts.map((gift) => (
          <li key={`${gift.iccid}-${gift.sentAt}`}>
            <GiftCard gift={gift} onRefund={onRefund} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function GiftCard({ gift, onRefund }: { gift: GiftSent; onRefund: (gift: GiftSent) => void }) {
  const words = useProfileWords();
  const { t, language } = words;
  const intl = useIntl();
  const recipient = (
    <bdi key="email" dir="ltr">
      {gift.recipientEmail}
    </bdi>
  );
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 className="break-words text-base font-semibold text-slate-900">
        {intl.formatMessage({ id: 'profile.gifts.to' satisfies MessageId }, { email: recipient })}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('profile.gifts.plan')}</dt>
        <dd className="text-slate-900">
          {destinationNameIn(gift.destination, language)} · {planTitleIn(gift.planTitle, words)}
        </dd>
        <dt className="text-slate-600">{t('profile.gifts.date')}</dt>
        <dd className="text-slate-900">
          {formatDate(gift.sentAt, undefined, dateLocale(language))}
        </dd>
        <dt className="text-slate-600">{t('profile.gifts.stateLabel')}</dt>
        <dd>
          <span
            className={`inline-block rounded-full px-2.5 py-0.5 font-semibold ring-1 ${stateColours[gift.state]}`}
          >
            {t(stateWords[gift.state])}
          </span>
        </dd>
      </dl>
      {gift.message ? (
        <blockquote className="mt-3 whitespace-pre-wrap break-words border-s-4 border-slate-200 ps-3 text-sm text-slate-700">
          {gift.message}
        </blockquote>
      ) : null}
      {/* Never installed and within the 14 days: the server decides again when asked. */}
      {gift.state === 'sent' && withinRefundWindow(new Date(gift.sentAt), new Date()) ? (
        <div className="mt-auto pt-4">
          <button
            type="button"
            onClick={() => onRefund(gift)}
            className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t('profile.esim.refund')}
            <span className="sr-only">
              {` ${t('profile.gifts.refundFor', { email: gift.recipientEmail })}`}
            </span>
          </button>
        </div>
      ) : null}
    </article>
  );
}
