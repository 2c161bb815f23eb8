/**
 * "Save this card for one-tap top-ups" on the plan confirmation (issue 32): the card-on-file
 * consent, given on the shop's page before the gateway, unticked by default. It says what is
 * stored (a token kept by the payment service, never the card number), for what use (payments
 * the buyer starts; automatic top-ups only if they turn them on later) and how to remove it
 * (the profile, any time), as the card-on-file rules ask of the first, cardholder-initiated
 * payment (https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/cit-mit/).
 * Ticked, the request carries `pur_save_card: true`; the server asks the gateway to store it.
 */
import { useId } from 'react';
import { useT } from '../../../lib/i18n';

export interface SaveCardConsentProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function SaveCardConsent({ checked, onCheckedChange }: SaveCardConsentProps) {
  const t = useT();
  const headingId = useId();
  const termsId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-4 sm:px-6"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('checkout.saveCard.heading')}
      </h2>
      <label className="mt-3 flex items-center gap-3 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-describedby={termsId}
          className="size-5 accent-brand-700"
        />
        {t('checkout.saveCard.label')}
      </label>
      <ul id={termsId} className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700">
        <li>{t('checkout.saveCard.what')}</li>
        <li>{t('checkout.saveCard.use')}</li>
        <li>{t('checkout.saveCard.remove')}</li>
      </ul>
    </section>
  );
}
