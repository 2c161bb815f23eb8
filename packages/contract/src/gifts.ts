/**
 * Gifts (issue 31): a plan bought for someone else's e-mail, with a short message. The buyer
 * names the recipient at create-session (`pur_gift_email`, `pur_gift_message`); the recipient
 * gets the install e-mail and finds the eSIM in their account when they sign in with that
 * address; the buyer keeps the invoice and sees each gift "sent" or "installed" in the profile.
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { textField } from './text';

export const GIFT_MESSAGE_MAX = 300;

export const giftApiPaths = {
  /** The signed-in buyer's gifts sent, newest first. */
  giftsSent: apiPath('/api/client/gifts'),
} as const;

/** What a gift is refused with, as the create-session's 400 `message` or a field's error. */
export const giftMessages = {
  invalidEmail: 'Please enter the e-mail address of the person you are giving this eSIM to.',
  messageTooLong: `The gift message can be at most ${GIFT_MESSAGE_MAX} characters long.`,
  ownEmail:
    'You cannot send a gift to your own e-mail address. Switch off “This is a gift” to buy this eSIM for yourself.',
  topupGift: 'A top-up cannot be a gift: only a new eSIM can be sent to someone else.',
  messageWithoutEmail: 'A gift message needs the e-mail address of the person it is for.',
  toppedUpByRecipient:
    'The person you gave this eSIM to has added a top-up to it, so it can no longer be refunded here. Please contact our support team.',
} as const;

/** The recipient's address, as the other e-mails of the contract are checked. */
export const giftEmailField = textField({ error: giftMessages.invalidEmail })
  .trim()
  .max(254, { error: giftMessages.invalidEmail })
  .pipe(z.email({ error: giftMessages.invalidEmail }));

/** A few words to the recipient, plain text (line breaks allowed), trimmed. */
export const giftMessageField = textField(
  { error: giftMessages.messageTooLong },
  { multiline: true },
)
  .trim()
  .max(GIFT_MESSAGE_MAX, { error: giftMessages.messageTooLong });

/**
 * The gift fields of `POST /api/payment/create-session`, spread into its request schema. An empty
 * address means "not a gift" (a form that sends its empty field), as does no address at all.
 */
export const giftRequestFields = {
  pur_gift_email: z
    .union([
      giftEmailField,
      z.literal('').transform(() => undefined),
      z.null().transform(() => undefined),
    ])
    .optional(),
  pur_gift_message: z.union([giftMessageField, z.null().transform(() => '')]).optional(),
};

/**
 * How a delivered gift stands for its buyer: sent (not installed yet), installed on a phone,
 * refunded, or unknown while the provider cannot be asked.
 */
export const giftStates = ['sent', 'installed', 'refunded', 'unknown'] as const;
export type GiftState = (typeof giftStates)[number];

/** One gift in the buyer's "Gifts sent" list. */
export const giftSentSchema = z.object({
  recipientEmail: z.string(),
  /** The plan in the shop's words ("1 GB · 7 days"). */
  planTitle: z.string(),
  destination: z.object({ iso: z.string(), name: z.string() }),
  /** When it was bought, ISO 8601. */
  sentAt: z.iso.datetime({ offset: true }),
  state: z.enum(giftStates),
  /** The buyer's invoice of the gift: their ledger entry. */
  ledgerId: z.number().int(),
  /** The eSIM: the buyer's refund acts on it. */
  iccid: z.string(),
  message: z.string(),
});
export type GiftSent = z.infer<typeof giftSentSchema>;

export const giftsSentSchema = z.object({ data: z.array(giftSentSchema) });
export type GiftsSent = z.infer<typeof giftsSentSchema>;

/**
 * Whether a phone has taken the eSIM, from the provider's word: a first install time, or a status
 * only a phone gives (eSIM Go: Downloaded, Installed, Enabled, Disabled, Deleted). Released and
 * the rest leave a gift "sent".
 */
export function isInstalledEsim(esim: {
  profileStatus: string;
  firstInstalledDateTime?: string | null | undefined;
}): boolean {
  if (esim.firstInstalledDateTime) return true;
  return ['downloaded', 'installed', 'enabled', 'disabled', 'deleted'].includes(
    esim.profileStatus.trim().toLowerCase(),
  );
}
