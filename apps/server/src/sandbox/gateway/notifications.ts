/**
 * The gateway's webhook notifications, as the sandbox sends them: "When the gateway creates or
 * updates a transaction for an order, it sends a notification to your specified URL", in the
 * API's own JSON, with the merchant's configured secret in the custom header
 * X-Notification-Secret (https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/webhook-noti/).
 * The page also warns they "do not guarantee timely delivery": they are sent after the
 * payer's answer, in the background, and repeated a few times until the merchant answers 2xx,
 * so a merchant sees the same notification more than once (each carries X-Notification-Id).
 */

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { retrieveOrderAnswer } from './order-view';
import { findOrderWithTransactions, type OrderKey } from './repository';

export interface NotificationTarget {
  /** Where the merchant takes notifications; undefined: none configured. */
  url(): string | undefined;
  secret: string | undefined;
}

export interface MerchantNotifier {
  /** Tells the merchant about the order's latest transaction, in the background. */
  orderChanged(key: OrderKey): void;
  /** Waits for the notifications still being sent (the app closing). */
  drain(): Promise<void>;
}

const ATTEMPTS = 4;
const FIRST_RETRY_MS = 500;
const TIMEOUT_MS = 10_000;

export function createNotifier(
  db: Db,
  target: NotificationTarget,
  log: FastifyBaseLogger,
): MerchantNotifier {
  const pending = new Set<Promise<void>>();
  // The app closing ends every wait and call at once: nobody is listening any more.
  const closing = new AbortController();

  async function send(key: OrderKey): Promise<void> {
    const url = target.url();
    if (!url || !target.secret || closing.signal.aborted) return;
    const found = await findOrderWithTransactions(db, key);
    const latest = found?.transactions.at(-1);
    if (!found || !latest) return;
    const order = retrieveOrderAnswer(found.order, [latest]);
    const {
      transaction: [entry],
      ...summary
    } = order;
    const body = JSON.stringify({ ...entry, order: summary, merchant: key.merchantId });
    const id = randomUUID();
    const { signal } = closing;
    for (let attempt = 1; attempt <= ATTEMPTS && !signal.aborted; attempt += 1) {
      if (await delivered(url, body, { id, attempt, secret: target.secret, signal })) return;
      if (attempt < ATTEMPTS) {
        await sleep(FIRST_RETRY_MS * 2 ** (attempt - 1), undefined, { signal }).catch(() => {});
      }
    }
    if (signal.aborted) return;
    log.warn({ order: key.orderId, url }, 'gateway sandbox: a notification was not taken');
  }

  return {
    orderChanged(key) {
      const sending = send(key)
        .catch((error: unknown) => {
          log.warn({ err: error, order: key.orderId }, 'gateway sandbox: notification failed');
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      closing.abort();
      await Promise.allSettled([...pending]);
    },
  };
}

async function delivered(
  url: string,
  body: string,
  {
    id,
    attempt,
    secret,
    signal,
  }: { id: string; attempt: number; secret: string; signal: AbortSignal },
): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-notification-secret': secret,
        'x-notification-id': id,
        'x-notification-attempt': String(attempt),
      },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
