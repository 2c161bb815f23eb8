/**
 * The state of plan confirmation's "This is a gift" fields (issue 31): whether the plan is a
 * gift, the recipient's address and the message, and what is wrong with them. The page asks
 * `giftRequest()` when it opens the payment: the fields to send, or null (errors shown, the
 * first wrong field focused) when the gift cannot be sent as it stands. The server checks it all
 * again: these messages only save a trip there.
 */
import { GIFT_MESSAGE_MAX, giftEmailField } from '@tern/contract/gifts';
import { useRef, useState } from 'react';
import type { MessageId } from '../../../locales/en';

export interface GiftErrors {
  email?: MessageId;
  message?: MessageId;
}

export interface GiftValues {
  isGift: boolean;
  email: string;
  message: string;
}

/** The gift fields of create-session: both empty when it is not a gift. */
export type GiftRequestFields = { pur_gift_email?: string; pur_gift_message?: string };

/** What is wrong with the gift as it stands, field by field. */
export function giftErrors(values: GiftValues, ownEmail: string): GiftErrors {
  if (!values.isGift) return {};
  const errors: GiftErrors = {};
  const email = values.email.trim();
  if (!giftEmailField.safeParse(email).success) errors.email = 'checkout.gift.error.email';
  else if (email.toLowerCase() === ownEmail.trim().toLowerCase()) {
    errors.email = 'checkout.gift.error.ownEmail';
  }
  if (values.message.trim().length > GIFT_MESSAGE_MAX) {
    errors.message = 'checkout.gift.error.messageTooLong';
  }
  return errors;
}

export function useGiftFields(ownEmail: string) {
  const [values, setValues] = useState<GiftValues>({ isGift: false, email: '', message: '' });
  // Errors show once the buyer tried to pay, then follow their typing.
  const [tried, setTried] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const errors = giftErrors(values, ownEmail);

  function change(next: Partial<GiftValues>) {
    setValues((current) => ({ ...current, ...next }));
  }

  /** The request's gift fields; null, with the first wrong field focused, when one is wrong. */
  function giftRequest(): GiftRequestFields | null {
    if (!values.isGift) return {};
    setTried(true);
    if (errors.email || errors.message) {
      (errors.email ? emailRef.current : messageRef.current)?.focus();
      return null;
    }
    const message = values.message.trim();
    return {
      pur_gift_email: values.email.trim(),
      ...(message ? { pur_gift_message: message } : {}),
    };
  }

  return {
    values,
    change,
    errors: tried ? errors : {},
    emailRef,
    messageRef,
    giftRequest,
  };
}

export type GiftFieldsState = ReturnType<typeof useGiftFields>;
