/**
 * Gifts (issue 31): a Regular purchase for someone else's e-mail with a short message. The
 * orders module asks here whether a purchase's gift may be had (never a top-up, never to one's
 * own address) and records it with the order; at fulfilment it asks for the recipient's account,
 * found by e-mail or created as sign-up creates one, so the eSIM is theirs when they sign in with
 * that address. The buyer paid: the ledger entry, the invoice and the refund stay theirs, and
 * the profile lists their gifts "sent" or "installed" from the provider's word.
 */
import { type GiftState, type GiftsSent, isInstalledEsim, type Language } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import type { EsimGoClient } from '../../integrations/esimgo/client';
import type { Clock } from '../../lib/clock';
import {
  type AuthenticatedClient,
  type AuthService,
  isOwnEmail,
  normaliseEmail,
} from '../auth/auth-service';
import type { LedgerService } from '../ledger/service';
import {
  findGiftOfOrder,
  findGiftsOfOrders,
  type GiftRow,
  insertGift,
  listGiftsOfBuyer,
  setGiftRecipient,
} from './repository';

export type { GiftRow };

export interface GiftsDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Made on demand: the built-in simulator answers only once the app listens. */
  provider(): EsimGoClient;
  clients: Pick<AuthService, 'accountOfEmail'>;
  ledger: Pick<LedgerService, 'entryOfOrder' | 'purchasesOfEsims'>;
}

/** What a buyer asked for, as the create-session body carries it. */
export interface GiftRequest {
  email?: string | undefined;
  message?: string | undefined;
}

/** A gift the buyer may have: the recipient's address lower-cased, the message trimmed. */
export interface AcceptedGift {
  email: string;
  message: string;
}

export type GiftsService = ReturnType<typeof createGiftsService>;

export function createGiftsService(deps: GiftsDependencies) {
  const { db } = deps;

  /**
   * Whether this purchase may be the gift asked for: undefined when it is not a gift; a 400 for a
   * top-up or the buyer's own address. Asked before anything is opened at the gateway.
   */
  function check(
    client: AuthenticatedClient,
    type: 'Regular' | 'Topup',
    gift: GiftRequest | undefined,
  ): AcceptedGift | undefined {
    const email = gift?.email?.trim();
    const message = gift?.message?.trim() ?? '';
    if (!email) {
      if (message) throw badRequest('giftMessages.messageWithoutEmail');
      return undefined;
    }
    if (type !== 'Regular') throw badRequest('giftMessages.topupGift');
    if (isOwnEmail(client, email)) throw badRequest('giftMessages.ownEmail');
    return { email: normaliseEmail(email), message };
  }

  /** Records the order's gift, with the sender as the recipient will read them. */
  async function record(
    orderId: number,
    buyer: AuthenticatedClient,
    gift: AcceptedGift,
    tx: Db = db,
  ): Promise<void> {
    await insertGift(tx, {
      orderId,
      buyerClientId: buyer.id,
      recipientEmail: gift.email,
      message: gift.message,
      senderName: buyer.name.trim() || buyer.email,
      createdAt: deps.clock(),
    });
  }

  /**
   * The account the gift's eSIM goes to: the one recorded already, else the address's account
   * (created in the buyer's language when there is none), recorded once.
   */
  async function recipientOf(gift: GiftRow, buyerLanguage: Language): Promise<number> {
    if (gift.recipientClientId !== null) return gift.recipientClientId;
    const accountId = await deps.clients.accountOfEmail(gift.recipientEmail, buyerLanguage);
    const recorded = await setGiftRecipient(db, gift.orderId, accountId);
    return recorded?.recipientClientId ?? accountId;
  }

  /** Who sent each of these orders as a gift, by order id (the recipient's eSIM cards). */
  async function sendersOfOrders(orderIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await findGiftsOfOrders(db, orderIds);
    return new Map(rows.map((row) => [row.orderId, row.senderName]));
  }

  /** The buyer's gifts whose eSIM was delivered, newest first, each as it stands now. */
  async function sent(client: AuthenticatedClient): Promise<GiftsSent> {
    const rows = await listGiftsOfBuyer(db, client.id);
    const delivered = (
      await Promise.all(
        rows.map(async (gift) => {
          const entry = await deps.ledger.entryOfOrder(gift.orderId);
          return entry ? { gift, entry } : undefined;
        }),
      )
    ).filter((found) => found !== undefined);
    const purchases = await deps.ledger.purchasesOfEsims(
      client.id,
      delivered.map(({ entry }) => entry.led_iccid),
    );
    const data = await Promise.all(
      delivered.map(async ({ gift, entry }) => {
        const purchase = purchases
          .get(entry.led_iccid)
          ?.find((candidate) => candidate.orderId === gift.orderId);
        const state: GiftState = entry.led_refunded_at
          ? 'refunded'
          : await installState(entry.led_iccid);
        return {
          recipientEmail: gift.recipientEmail,
          planTitle: purchase?.title ?? entry.led_pla_description,
          destination: { iso: entry.led_iso, name: entry.led_country },
          sentAt: gift.createdAt.toISOString(),
          state,
          ledgerId: entry.led_id,
          iccid: entry.led_iccid,
          message: gift.message,
        };
      }),
    );
    return { data };
  }

  /** "installed" once a phone took the eSIM, "sent" before; "unknown" when the provider is away. */
  async function installState(iccid: string): Promise<GiftState> {
    try {
      return isInstalledEsim(await deps.provider().getEsim(iccid)) ? 'installed' : 'sent';
    } catch (error) {
      deps.log.warn({ err: error, iccid }, 'a gift’s install state could not be read');
      return 'unknown';
    }
  }

  return {
    check,
    record,
    recipientOf,
    sendersOfOrders,
    sent,
    ofOrder: (orderId: number, tx: Db = db) => findGiftOfOrder(tx, orderId),
  };
}
