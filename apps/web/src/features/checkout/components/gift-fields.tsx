/**
 * "This is a gift" on plan confirmation (issue 31): a switch that reveals the recipient's e-mail
 * and a short message. The recipient gets the install e-mail and finds the eSIM in their account
 * when they sign in with that address; the buyer keeps the invoice. State: use-gift-fields.ts.
 */
import { GIFT_MESSAGE_MAX } from '@tern/contract/gifts';
import { useId } from 'react';
import { FieldError, TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n';
import type { GiftFieldsState } from '../hooks/use-gift-fields';

export function GiftFields({ gift }: { gift: GiftFieldsState }) {
  const t = useT();
  const id = useId();
  const { values, errors } = gift;
  const messageLength = values.message.trim().length;
  return (
    <section
      aria-labelledby={`${id}-toggle-label`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-6"
    >
      <div className="flex items-start gap-3">
        <input
          id={`${id}-toggle`}
          type="checkbox"
          role="switch"
          checked={values.isGift}
          aria-checked={values.isGift}
          aria-describedby={`${id}-toggle-hint`}
          onChange={(event) => gift.change({ isGift: event.target.checked })}
          className="mt-1 h-5 w-5 shrink-0 accent-teal-700"
        />
        <div>
          <label
            id={`${id}-toggle-label`}
            htmlFor={`${id}-toggle`}
            className="font-medium text-slate-900"
          >
            {t('checkout.gift.toggle')}
          </label>
          <p id={`${id}-toggle-hint`} className="text-sm text-slate-600">
            {t('checkout.gift.toggleHint')}
          </p>
        </div>
      </div>
      {values.isGift ? (
        <div className="mt-4 grid gap-4">
          <TextField
            id={`${id}-email`}
            ref={gift.emailRef}
            type="email"
            autoComplete="off"
            dir="ltr"
            label={t('checkout.gift.email')}
            hint={t('checkout.gift.emailHint')}
            value={values.email}
            onChange={(event) => gift.change({ email: event.target.value })}
            error={errors.email ? t(errors.email) : undefined}
          />
          <div className="scroll-my-4">
            <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-900">
              {t('checkout.gift.message')}
            </label>
            <p id={`${id}-message-hint`} className="mt-0.5 text-sm text-slate-600">
              {t('checkout.gift.messageHint', { max: GIFT_MESSAGE_MAX, count: messageLength })}
            </p>
            <textarea
              id={`${id}-message`}
              ref={gift.messageRef}
              rows={3}
              value={values.message}
              onChange={(event) => gift.change({ message: event.target.value })}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={[`${id}-message-hint`, errors.message ? `${id}-message-error` : '']
                .filter(Boolean)
                .join(' ')}
              className={`mt-1 block w-full resize-y rounded-lg border px-3 py-2 text-slate-900 ${
                errors.message ? 'border-red-700' : 'border-slate-400 hover:border-slate-500'
              }`}
            />
            {errors.message ? (
              <FieldError id={`${id}-message-error`}>
                {t(errors.message, { max: GIFT_MESSAGE_MAX })}
              </FieldError>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
