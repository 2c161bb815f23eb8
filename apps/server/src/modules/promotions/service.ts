/**
 * Promo codes (issue 31): created by operators, quoted when a buyer opens a payment and
 * redeemed in the same transaction that creates the order. A quote says why a code does not
 * apply; the redemption takes the use for good, so a code at its last use given to two accounts
 * at once, or twice to one, is refused to all but one of them with nothing charged.
 */
import {
  normalisePromoCode,
  type OpsPromoCode,
  type opsPromoCodeRequestSchema,
  type promoMessages,
} from '@tern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, conflict, type TextKey } from '../../errors';
import {
  discountOfOrder,
  findPromoCode,
  hasLiveRedemption,
  insertPromoCode,
  insertRedemption,
  listPromoCodes,
  type OrderDiscount,
  type PromoCodeRow,
  releaseRedemption,
  retakeRedemption,
  takeUse,
} from './repository';

type PromoCodeRequest = z.output<typeof opsPromoCodeRequestSchema>;

/** What a code takes off one plan for one account. */
export interface PromoQuote {
  promoCodeId: number;
  code: string;
  discountCents: number;
}

/** The plan a code is asked about: its price and where it is for. */
export interface PromoPlan {
  priceCents: number;
  /** The country's ISO code, or the region's name. */
  destinationIso: string;
}

type Refusal = keyof typeof promoMessages;
const refused = (reason: Refusal) => badRequest(`promoMessages.${reason}` as TextKey);

const cents = (dollars: number): number => Math.round(dollars * 100);

export type PromoCodes = ReturnType<typeof createPromoCodes>;

export function createPromoCodes(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  async function create(request: PromoCodeRequest, createdBy: string): Promise<OpsPromoCode> {
    const row = await insertPromoCode(db, {
      code: request.code,
      percentOff: request.percentOff ?? null,
      amountOffCents: request.amountOff === undefined ? null : cents(request.amountOff),
      startsAt: new Date(request.startsAt),
      endsAt: new Date(request.endsAt),
      maxUses: request.maxUses,
      minPriceCents: cents(request.minPrice),
      destinations: request.destinations.map((destination) => destination.trim()),
      createdBy,
      createdAt: clock(),
    });
    if (!row) throw conflict('promoMessages.codeTaken');
    return toOpsPromoCode(row);
  }

  /**
   * What `typed` takes off the plan for this account, or the reason it does not apply. Read
   * without locks: `redeem` decides again in the order's transaction.
   */
  async function quote(typed: string, plan: PromoPlan, clientId: number): Promise<PromoQuote> {
    const code = await findPromoCode(db, normalisePromoCode(typed));
    if (!code) throw refused('unknown');
    const reason = await refusalOf(code, plan, clientId, clock());
    if (reason) throw refused(reason);
    return {
      promoCodeId: code.id,
      code: code.code,
      discountCents: discountOf(code, plan.priceCents),
    };
  }

  async function refusalOf(
    code: PromoCodeRow,
    plan: PromoPlan,
    clientId: number,
    now: Date,
  ): Promise<Refusal | undefined> {
    if (now < code.startsAt) return 'notStarted';
    if (now >= code.endsAt) return 'expired';
    if (code.uses >= code.maxUses) return 'usedUp';
    if (await hasLiveRedemption(db, code.id, clientId)) return 'alreadyUsed';
    if (!appliesTo(code.destinations, plan.destinationIso)) return 'notForDestination';
    if (plan.priceCents < code.minPriceCents) return 'belowMinimum';
    return undefined;
  }

  /**
   * Takes the quoted use for the order, inside the transaction that creates it (`tx`): a code
   * used up meanwhile, or held by this account in another order, is refused and the caller's
   * transaction rolls back with nothing charged.
   */
  async function redeem(tx: Db, quoted: PromoQuote, clientId: number, orderId: number) {
    const now = clock();
    if (!(await takeUse(tx, quoted.promoCodeId, now))) throw refused('usedUp');
    const recorded = await insertRedemption(tx, {
      promoCodeId: quoted.promoCodeId,
      clientId,
      orderId,
      discountCents: quoted.discountCents,
      redeemedAt: now,
    });
    if (!recorded) throw refused('alreadyUsed');
  }

  return {
    create,
    list: async (limit: number) => (await listPromoCodes(db, limit)).map(toOpsPromoCode),
    quote,
    redeem,
    /** An order cancelled unpaid gives its use back, and the code is the account's again. */
    release: (tx: Db, orderId: number) => releaseRedemption(tx, orderId, clock()),
    /** A payment landed after all on an order that gave its use back: it takes it again. */
    retake: (tx: Db, orderId: number) => retakeRedemption(tx, orderId),
    discountOf: (orderId: number): Promise<OrderDiscount | undefined> =>
      discountOfOrder(db, orderId),
  };
}

/** Empty is every destination; else the plan's ISO code or region name, in any case. */
function appliesTo(destinations: string[], destination: string): boolean {
  if (destinations.length === 0) return true;
  const wanted = destination.toLowerCase();
  return destinations.some((listed) => listed.toLowerCase() === wanted);
}

/** A percentage rounds half up to the cent; neither kind takes off more than the price. */
export function discountOf(
  code: Pick<PromoCodeRow, 'percentOff' | 'amountOffCents'>,
  priceCents: number,
): number {
  const off =
    code.percentOff !== null
      ? Math.floor((priceCents * code.percentOff + 50) / 100)
      : (code.amountOffCents ?? 0);
  return Math.min(off, priceCents);
}

function toOpsPromoCode(row: PromoCodeRow): OpsPromoCode {
  return {
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOffCents === null ? null : row.amountOffCents / 100,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    maxUses: row.maxUses,
    uses: row.uses,
    minPrice: row.minPriceCents / 100,
    destinations: row.destinations,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}
