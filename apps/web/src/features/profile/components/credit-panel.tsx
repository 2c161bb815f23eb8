/**
 * Store credit on the profile (issue 31): the balance, which never expires, and every credit
 * and debit with its reason, newest first. Shown once the account has any entry; an account
 * that never had credit sees nothing new.
 */
import type { CreditEntry } from '@tern/contract/credit';
import { useId } from 'react';
import { LoadError } from '../../../components/load-error';
import { useCredit } from '../../../lib/credit-api';
import { formatPrice } from '../../../lib/i18n';
import { useProfileWords } from '../hooks/use-profile-words';
import { formatDate } from '../utils/dates';
import { dateLocale, leftToRight, type ProfileWords } from '../utils/profile-format';

export function CreditPanel({ email }: { email: string }) {
  const words = useProfileWords();
  const { t, language } = words;
  const headingId = useId();
  const credit = useCredit(email);
  if (credit.isError) {
    return (
      <div className="mt-6">
        <LoadError message={t('profile.credit.error')} onRetry={() => void credit.refetch()} />
      </div>
    );
  }
  const account = credit.data;
  if (!account || (account.balance <= 0 && account.entries.length === 0)) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-4 sm:px-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('profile.credit.heading')}
      </h2>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
        {t('profile.credit.balance', { amount: formatPrice(account.balance, language) })}
      </p>
      <p className="mt-1 text-sm text-slate-700">{t('profile.credit.neverExpires')}</p>
      {account.entries.length > 0 ? (
        <table className="mt-4 w-full border-collapse text-start text-sm">
          <caption className="pb-2 text-start font-medium text-slate-800">
            {t('profile.credit.history')}
          </caption>
          <thead>
            <tr className="border-b border-emerald-200 text-slate-600">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('profile.credit.date')}
              </th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('profile.credit.what')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('profile.credit.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {account.entries.map((entry, index) => (
              <tr
                // Entries never change once written: their place in the list is their identity.
                key={`${entry.at}-${index}`}
                className="border-b border-emerald-100 last:border-0"
              >
                <td className="whitespace-nowrap py-2 pe-3 align-top">
                  {formatDate(entry.at, undefined, dateLocale(language))}
                </td>
                <td className="break-words py-2 pe-3 align-top">{describeEntry(entry, words)}</td>
                <td className="whitespace-nowrap py-2 text-end align-top tabular-nums">
                  {signedAmount(entry.amount, words)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** What an entry was, in the buyer's language; an operator's grant keeps their reason. */
export function describeEntry(entry: CreditEntry, { t, language }: ProfileWords): string {
  const order = leftToRight(entry.order ?? '', language);
  switch (entry.kind) {
    case 'grant':
      return t('profile.credit.grant', { reason: entry.reason });
    case 'order-payment':
      return t('profile.credit.orderPayment', { order });
    case 'order-unpaid':
      return t('profile.credit.orderUnpaid', { order });
    case 'order-refund':
      return t('profile.credit.orderRefund', { order });
    case 'referral':
      return t('profile.credit.referral');
    default:
      return entry.reason;
  }
}

/** '+$5.00' for credit received, '−$1.00' for credit spent. */
function signedAmount(amount: number, { language }: ProfileWords): string {
  const sign = amount < 0 ? '\u2212' : '+';
  return leftToRight(`${sign}${formatPrice(Math.abs(amount), language)}`, language);
}
