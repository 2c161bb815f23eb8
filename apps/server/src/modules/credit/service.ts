/**
 * Store credit (issue 31): what a buyer holds, an operator's grant, and the credit an order
 * reserves when it is made and gives back when it is not paid or is refunded. Every write runs
 * under the account's lock (repository.ts) inside the caller's transaction, so a purchase that
 * spends credit and the order it pays are one commit, and two purchases at once never spend
 * the same credit. An order's own rows say what it holds, so giving back twice gives nothing.
 */
import { CREDIT_CURRENCY, type CreditAccount, type CreditGrantResult } from '@tern/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  balanceCents,
  insertCreditEntry,
  listCreditEntries,
  lockAccountCredit,
  orderNetCents,
} from './repository';

export interface CreditDependencies {
  db: Db;
  clock: Clock;
}

/** The order an entry is about. */
export interface CreditOrder {
  clientId: number;
  orderId: number;
  reference: string;
}

export type CreditService = ReturnType<typeof createCreditService>;

export function createCreditService({ db, clock }: CreditDependencies) {
  /** The buyer's balance and entries, newest first. */
  async function account(clientId: number): Promise<CreditAccount> {
    const [balance, entries] = await Promise.all([
      balanceCents(db, clientId),
      listCreditEntries(db, clientId),
    ]);
    return {
      balance: balance / 100,
      currency: CREDIT_CURRENCY,
      entries: entries.map((entry) => ({
        at: entry.at.toISOString(),
        amount: entry.amountCents / 100,
        reason: entry.reason,
        kind: entry.kind,
        order: entry.order,
      })),
    };
  }

  /** An operator's grant; the account must exist (the caller checks). */
  async function grant(
    clientId: number,
    cents: number,
    reason: string,
    operator: string,
  ): Promise<CreditGrantResult> {
    return db.transaction(async (tx) => {
      await lockAccountCredit(tx, clientId);
      const id = await insertCreditEntry(tx, {
        clientId,
        amountCents: cents,
        kind: 'grant',
        reason,
        orderId: null,
        orderReference: null,
        at: clock(),
        by: 'operator',
        operator,
      });
      return { id, balance: (await balanceCents(tx, clientId)) / 100, currency: CREDIT_CURRENCY };
    });
  }

  /**
   * Locks the account's credit to the end of `tx` and answers its balance: what an order made
   * in the same transaction may spend (spendOnOrder).
   */
  async function lockAvailable(tx: Db, clientId: number): Promise<number> {
    await lockAccountCredit(tx, clientId);
    return balanceCents(tx, clientId);
  }

  /** Reserves credit for an order made in `tx`, after lockAvailable in the same transaction. */
  async function spendOnOrder(tx: Db, order: CreditOrder, cents: number): Promise<void> {
    if (cents <= 0) return;
    await insertCreditEntry(tx, {
      clientId: order.clientId,
      amountCents: -cents,
      kind: 'order-payment',
      reason: `Spent on order ${order.reference}`,
      orderId: order.orderId,
      orderReference: order.reference,
      at: clock(),
      by: 'system',
      operator: null,
    });
  }

  /**
   * Gives back what the order still holds of the credit (nothing when it holds none, or gave it
   * back already): an order not paid, or refunded. Answers the cents given back.
   */
  async function returnFromOrder(
    tx: Db,
    order: CreditOrder,
    why: 'order-unpaid' | 'order-refund',
  ): Promise<number> {
    await lockAccountCredit(tx, order.clientId);
    const held = -(await orderNetCents(tx, order.orderId));
    if (held <= 0) return 0;
    await insertCreditEntry(tx, {
      clientId: order.clientId,
      amountCents: held,
      kind: why,
      reason:
        why === 'order-refund'
          ? `Refunded from order ${order.reference}`
          : `Returned: order ${order.reference} was not paid`,
      orderId: order.orderId,
      orderReference: order.reference,
      at: clock(),
      by: 'system',
      operator: null,
    });
    return held;
  }

  /**
   * Takes the order's credit again when a payment lands on an order that had given it back (a
   * card accepted on the hosted page after a decline, or after the reconciler gave up): true
   * when the order holds `cents` of credit now, false when the balance no longer has it.
   */
  async function retakeForOrder(tx: Db, order: CreditOrder, cents: number): Promise<boolean> {
    if (cents <= 0) return true;
    await lockAccountCredit(tx, order.clientId);
    const missing = cents + (await orderNetCents(tx, order.orderId));
    if (missing <= 0) return true;
    if ((await balanceCents(tx, order.clientId)) < missing) return false;
    await insertCreditEntry(tx, {
      clientId: order.clientId,
      amountCents: -missing,
      kind: 'order-payment',
      reason: `Spent on order ${order.reference} (paid after all)`,
      orderId: order.orderId,
      orderReference: order.reference,
      at: clock(),
      by: 'system',
      operator: null,
    });
    return true;
  }

  /**
   * A referral's reward (issue 31), inside the transaction that decides the referral, so a
   * referral is rewarded once or not at all.
   */
  async function award(tx: Db, clientId: number, cents: number, reason: string): Promise<void> {
    if (cents <= 0) return;
    await lockAccountCredit(tx, clientId);
    await insertCreditEntry(tx, {
      clientId,
      amountCents: cents,
      kind: 'referral',
      reason,
      orderId: null,
      orderReference: null,
      at: clock(),
      by: 'system',
      operator: null,
    });
  }

  return {
    account,
    grant,
    award,
    lockAvailable,
    spendOnOrder,
    returnFromOrder,
    retakeForOrder,
  };
}
