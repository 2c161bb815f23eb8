/**
 * Saved cards (issue 32): a buyer may save the card of a purchase, consenting on the shop's page
 * before the gateway (`pur_save_card: true` on create-session); the gateway keeps the card and
 * the shop its token only. The profile lists them and removes them (at the gateway too).
 */
import { z } from 'zod';
import { apiPath } from './api-path';

export const savedCardApiPaths = {
  /** The signed-in buyer's saved cards: `[{id, scheme, last4, expiry}]`. */
  cards: apiPath('/api/client/cards'),
  /** Removes a saved card: its token at the gateway first, then the shop's row. */
  card: apiPath('/api/client/cards/:id'),
} as const;

export const savedCardSchema = z.object({
  id: z.number().int().positive(),
  /** The card's scheme as the gateway names it: MASTERCARD, VISA, AMEX… */
  scheme: z.string(),
  /** The card number's last four digits; the shop never has more. */
  last4: z.string(),
  /** MM/YY. */
  expiry: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardListSchema = z.array(savedCardSchema);

export const savedCardParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The card id must be a number' })
    .int('The card id must be a number')
    .positive('The card id must be a number'),
});

export const savedCardDeletedSchema = z.object({ deleted: z.literal(true) });

/** The API's words about saved cards (errors in the request's language, error-texts.ts). */
export const savedCardMessages = {
  cardNotFound: 'No saved card with this id on your account.',
  gatewayUnavailable:
    'The payment service did not confirm that your card was removed, so it is still saved. Please try again in a moment.',
} as const;

/** The gateway's scheme names as people write them; any other as it came. */
export function schemeName(scheme: string): string {
  const names: Record<string, string> = {
    MASTERCARD: 'Mastercard',
    VISA: 'Visa',
    AMEX: 'American Express',
  };
  return names[scheme] ?? scheme;
}

/**
 * A saved card in a few characters, "Visa •••• 4242": the same in every language, so it is
 * not a message (the web shows it inside a left-to-right isolate in Arabic text), and the same
 * on the shop's pages and in its e-mails.
 */
export function cardShortName(card: Pick<SavedCard, 'scheme' | 'last4'>): string {
  return `${schemeName(card.scheme)} •••• ${card.last4}`;
}
