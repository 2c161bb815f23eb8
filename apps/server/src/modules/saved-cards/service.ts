/**
 * Saved cards (issue 32). A paid order whose buyer agreed to save the card brings a gateway
 * token in Retrieve Order (integrations/gateway/client.ts, storedToken); the shop keeps the
 * token with what Retrieve Token shows of the card (scheme, last four digits, expiry), never a
 * number. Removing a card deletes its token at the gateway first, then the row: when the
 * gateway does not confirm, the row stays so the buyer can try again.
 */
import type { SavedCard } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badGateway, notFound } from '../../errors';
import {
  type GatewayClient,
  type GatewayOrder,
  storedToken,
} from '../../integrations/gateway/client';
import type { Clock } from '../../lib/clock';
import {
  deleteSavedCard,
  findSavedCard,
  findSavedCardById,
  insertSavedCard,
  listSavedCards,
  type SavedCardRow,
} from './repository';

export interface SavedCardsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  gateway(): GatewayClient;
}

export type SavedCardsService = ReturnType<typeof createSavedCardsService>;

/** A saved card as a payment needs it: the gateway's token besides what the buyer sees. */
export interface PayingCard extends SavedCard {
  token: string;
}

export function createSavedCardsService(deps: SavedCardsDependencies) {
  return {
    async list(clientId: number): Promise<SavedCard[]> {
      return (await listSavedCards(deps.db, clientId)).map(toSavedCard);
    },

    /**
     * The account's card to pay with (issue 32): its gateway token and how it is shown;
     * another account's card, or one removed, is refused like none at all.
     */
    async requireCard(clientId: number, id: number): Promise<PayingCard> {
      const card = await findSavedCard(deps.db, clientId, id);
      if (!card) throw notFound('savedCardMessages.cardNotFound');
      return { ...toSavedCard(card), token: card.gatewayToken };
    },

    /** The card by id whoever's it is, for a payment the shop starts; undefined once removed. */
    async cardById(id: number): Promise<PayingCard | undefined> {
      const card = await findSavedCardById(deps.db, id);
      return card && { ...toSavedCard(card), token: card.gatewayToken };
    },

    async remove(clientId: number, id: number): Promise<void> {
      const card = await findSavedCard(deps.db, clientId, id);
      if (!card) throw notFound('savedCardMessages.cardNotFound');
      try {
        // 'gone': deleted at the gateway before (a crash between the two steps); the row follows.
        await deps.gateway().deleteToken(card.gatewayToken);
      } catch (error) {
        deps.log.warn({ err: error, card: card.id }, 'the gateway did not delete a saved card');
        throw badGateway('savedCardMessages.gatewayUnavailable');
      }
      await deleteSavedCard(deps.db, clientId, id);
    },
  };
}

/**
 * Keeps the token of a paid order's card for its buyer, when the gateway made one. Called on
 * every confirmation of the payment; the unique (client, token) keeps one row.
 */
export async function saveCardOfPaidOrder(
  deps: SavedCardsDependencies,
  clientId: number,
  gatewayOrder: GatewayOrder | undefined,
): Promise<void> {
  const token = gatewayOrder && storedToken(gatewayOrder);
  if (!token) return;
  const card = await deps.gateway().retrieveToken(token);
  if (!card) return;
  await insertSavedCard(deps.db, {
    clientId,
    gatewayToken: token,
    scheme: card.scheme,
    last4: card.last4,
    expiry: card.expiry,
    createdAt: deps.clock(),
  });
}

function toSavedCard(row: SavedCardRow): SavedCard {
  return { id: row.id, scheme: row.scheme, last4: row.last4, expiry: shownExpiry(row.expiry) };
}

/** MMYY as MM/YY; anything else as the gateway gave it. */
function shownExpiry(expiry: string): string {
  return /^\d{4}$/.test(expiry) ? `${expiry.slice(0, 2)}/${expiry.slice(2)}` : expiry;
}
