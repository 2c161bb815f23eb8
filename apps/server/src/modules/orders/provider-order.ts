/**
 * Buys a paid order's eSIM at eSIM Go exactly once, and waits for the eSIM when the order
 * completes later.
 *
 * eSIM Go has no idempotency key, so a second POST /orders is a second sale. Hence:
 * - a start mark (providerOrderStartedAt) is written before the call, and the provider's
 *   orderReference the moment an answer arrives, with or without eSIMs;
 * - an order started but never recorded (a timeout, a 5xx, a crash between the call and the
 *   write) has an unknown outcome: it is looked up in GET /orders (created since a little
 *   before the start mark, same bundle, for a top-up the same ICCID, for a new eSIM no ICCID
 *   the shop already owns, held by no other shop order) and claimed. The unique index on
 *   orders.provider_order_reference lets one shop order only claim a provider order;
 * - a call that got no answer may still be carried out after we gave up on it, so "nothing
 *   found" counts only after it settled (providerOrderSettlesAt); a call the provider answered
 *   settles at once. Only when the provider surely has no order is it ordered again;
 * - an order with a reference but no eSIM yet is polled (GET /esims/assignments, 503 Processing
 *   while it is processed) by a job that runs again later, not by a tight loop;
 * - an order eSIM Go left failed bought nothing: it is let go of and bought again on the job's
 *   next attempt (failed-provider-order.ts), never delivered as nothing nor parked.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  EsimGoError,
  type InstallDetails,
  type OrderResponse,
} from '../../integrations/esimgo/client';
import { isFailed, isPurchase, ordersSince } from '../../integrations/esimgo/orders-since';
import type { JobOutcome, Lease } from '../../jobs/engine';
import type { OrdersDependencies } from './dependencies';
import { answeredFailed, failedAtProvider, forgetFailedOrder } from './failed-provider-order';
import { takeOrderTurn } from './provider-pacing';
import {
  addOrderEvent,
  findClaimedProviderOrders,
  type OrderRow,
  ProviderOrderTaken,
  recordProviderEsim,
  recordProviderOrder,
  updateOrder,
} from './repository';

const MINUTE_MS = 60_000;
/** A call we gave up on may still be carried out this long after it was sent. */
export const UNANSWERED_ORDER_SETTLE_MS = 2 * MINUTE_MS;
/** Provider orders this much older than our start mark are not ours (clocks differ a little). */
const LOOKBACK_MS = 10 * MINUTE_MS;
/** "Please allow for up to 10 minutes" (eSIM Go); waiting longer than this is a failure. */
const PROCESSING_LIMIT_MS = 30 * MINUTE_MS;
/** A turn to order this close is waited for in the job; a later one defers the job to it. */
const MAX_INLINE_TURN_WAIT_MS = 3_000;
/** How soon to ask again about an order being processed, when the provider does not say. */
const POLL_MS = 10_000;

/** A step that ends the job's run here, with the job's outcome (waiting, or the lease lost). */
export interface Stop {
  stop: JobOutcome;
}

export function isStop(value: OrderRow | Stop | undefined): value is Stop {
  return value !== undefined && 'stop' in value;
}

/**
 * The provider order of this shop order: the stored one, one an earlier attempt made and
 * lost (claimed now), or a new one. Undefined: another run stored it meanwhile (reloadOrder).
 */
export async function ensureProviderOrder(
  deps: OrdersDependencies,
  lease: Lease,
  order: OrderRow,
): Promise<OrderRow | Stop | undefined> {
  if (order.providerOrderReference !== null) return order;
  // Fencing: never buy on a lease that may have passed to another worker.
  if (!(await lease.renew())) return { stop: { kind: 'lease-lost' } };
  const now = deps.clock();
  if (order.providerOrderStartedAt !== null) {
    const recovered = await recoverUnrecorded(deps, order, now);
    if (recovered) return recovered;
  }
  return buy(deps, order, now);
}

/** An earlier attempt started an order and recorded no answer: find it, or prove there is none. */
async function recoverUnrecorded(
  deps: OrdersDependencies,
  order: OrderRow,
  now: Date,
): Promise<OrderRow | Stop | undefined> {
  const settlesAt = order.providerOrderSettlesAt ?? order.providerOrderStartedAt;
  if (settlesAt && settlesAt > now) {
    const reason = 'an unanswered provider order may still be carried out; looking it up later';
    return { stop: { kind: 'deferred', until: settlesAt, reason } };
  }
  const found = await claimLostOrder(deps, order);
  if (found) {
    await addOrderEvent(deps.db, order.id, deps.clock(), 'provider-order-found', detail(found));
    return found;
  }
  deps.log.warn({ order: order.gatewayOrderId }, 'no provider order was made; ordering again');
  await addOrderEvent(deps.db, order.id, now, 'provider-order-not-found');
  return undefined;
}

async function buy(
  deps: OrdersDependencies,
  order: OrderRow,
  at: Date,
): Promise<OrderRow | Stop | undefined> {
  const turn = await orderTurn(deps, order, at);
  const wait = turn.getTime() - at.getTime();
  if (wait > MAX_INLINE_TURN_WAIT_MS) {
    const reason = 'waiting for its turn to order at eSIM Go (orders are spaced)';
    return { stop: { kind: 'deferred', until: turn, reason } };
  }
  // A short wait is waited here: the buyer who just paid gets the eSIM in this very request.
  if (wait > 0) await sleep(wait);
  const now = deps.clock();
  const settlesAt = new Date(now.getTime() + UNANSWERED_ORDER_SETTLE_MS);
  const started = await updateOrder(deps.db, order.id, {
    providerOrderStartedAt: now,
    providerOrderSettlesAt: settlesAt,
    updatedAt: now,
  });
  let answer: OrderResponse;
  try {
    answer = await createProviderOrder(deps, order);
  } catch (error) {
    return afterFailedCall(deps, started ?? order, error);
  }
  if (isFailed(answer)) return answeredFailed(deps, order, answer.orderReference);
  return storeAnswer(deps, order, answer);
}

/**
 * The order's turn to be placed at eSIM Go: the one it took before (a job that waited for it),
 * else a new one; now when orders are not spaced.
 */
async function orderTurn(deps: OrdersDependencies, order: OrderRow, now: Date): Promise<Date> {
  const spacingMs = deps.settings.providerOrderSpacingMs;
  if (spacingMs === 0) return now;
  if (order.providerOrderTurnAt) return order.providerOrderTurnAt;
  const turn = await takeOrderTurn(deps.db, now, spacingMs);
  await updateOrder(deps.db, order.id, { providerOrderTurnAt: turn });
  return turn;
}

function createProviderOrder(deps: OrdersDependencies, order: OrderRow): Promise<OrderResponse> {
  return deps.provider().createOrder({
    type: 'transaction',
    ...providerOrderOf(order.planName, order.targetIccid),
  });
}

/** What the shop orders for one purchase: the plan's bundle, on a new eSIM or the one topped up. */
export function providerOrderOf(bundleName: string, targetIccid: string | null) {
  return {
    assign: true,
    order: [
      {
        type: 'bundle' as const,
        item: bundleName,
        quantity: 1,
        allowReassign: false,
        ...(targetIccid ? { iccids: [targetIccid] } : {}),
      },
    ],
  };
}

/**
 * No answer (timeout, network): the outcome stays unknown until the call settles. A refusal
 * (4xx) sold nothing. A 429 was turned away before anything was done: the provider is asked
 * now, and only an order it does not have is ordered again. A 5xx may come after the order
 * was made: eSIM Go documents 503 "Processing" with Retry-After on POST /orders, and an
 * order still being processed is not listed yet
 * (https://docs.esim-go.com/api/v2_4/operations/orders/post), so it is looked up only once
 * the call has settled, as an unanswered one is, or after Retry-After if that is later.
 */
async function afterFailedCall(
  deps: OrdersDependencies,
  order: OrderRow,
  error: unknown,
): Promise<OrderRow | Stop | undefined> {
  if (!(error instanceof EsimGoError) || error.failure !== 'http') throw error;
  const now = deps.clock();
  if (!error.transient) {
    await updateOrder(deps.db, order.id, {
      providerOrderStartedAt: null,
      providerOrderSettlesAt: null,
      providerOrderTurnAt: null,
    });
    throw error;
  }
  if (error.status !== 429) return settleLater(deps, order, error, now);
  await updateOrder(deps.db, order.id, { providerOrderSettlesAt: now });
  const found = await claimLostOrder(deps, order).catch((lookupError: unknown) => {
    deps.log.warn(
      { err: lookupError, order: order.gatewayOrderId },
      'provider order lookup failed',
    );
    throw error;
  });
  if (found) return found;
  await updateOrder(deps.db, order.id, {
    providerOrderStartedAt: null,
    providerOrderSettlesAt: null,
    providerOrderTurnAt: null,
  });
  throw error;
}

/** A 5xx to the order call: the job looks the order up once it has settled, not before. */
async function settleLater(
  deps: OrdersDependencies,
  order: OrderRow,
  error: EsimGoError,
  now: Date,
): Promise<Stop> {
  const started = order.providerOrderStartedAt ?? now;
  const settlesAt = new Date(
    Math.max(
      started.getTime() + UNANSWERED_ORDER_SETTLE_MS,
      now.getTime() + (error.retryAfterMs ?? 0),
    ),
  );
  await updateOrder(deps.db, order.id, { providerOrderSettlesAt: settlesAt, updatedAt: now });
  await addOrderEvent(deps.db, order.id, now, 'provider-order-unsure', `${error.status}`);
  const reason = `eSIM Go answered ${error.status} to the order; it is looked up once settled`;
  return { stop: { kind: 'deferred', until: settlesAt, reason } };
}

/**
 * Stores the provider's answer: its reference, and the eSIM when it already holds one. Throws
 * ProviderOrderTaken when another shop order holds that provider order.
 */
async function storeAnswer(
  deps: OrdersDependencies,
  order: OrderRow,
  answer: OrderResponse,
): Promise<OrderRow | undefined> {
  const iccid = answeredIccid(order, answer);
  const reference = answer.orderReference || `unreferenced-${order.gatewayOrderId}`;
  const now = deps.clock();
  const stored = await recordProviderOrder(deps.db, order.id, { reference, iccid, now });
  await addOrderEvent(
    deps.db,
    order.id,
    now,
    'provider-ordered',
    `${reference} ${iccid ?? '(eSIM to follow)'}`,
  );
  return stored;
}

function answeredIccid(order: OrderRow, answer: OrderResponse): string | null {
  const iccids = answer.order.flatMap((line) => line.esims.map((esim) => esim.iccid));
  if (iccids.length === 0) return null;
  return order.targetIccid ?? iccids[0] ?? null;
}

/** Finds the provider order an earlier attempt made for this shop order, and claims it. */
async function claimLostOrder(
  deps: OrdersDependencies,
  order: OrderRow,
): Promise<OrderRow | undefined> {
  const startedAt = order.providerOrderStartedAt ?? deps.clock();
  const since = new Date(startedAt.getTime() - LOOKBACK_MS);
  for (const candidate of await candidatesFor(
    deps,
    order,
    await ordersSince(deps.provider(), since),
  )) {
    try {
      const claimed = await storeAnswer(deps, order, candidate);
      if (claimed) return claimed;
    } catch (error) {
      // Another shop order claimed it between our look and our write: try the next one.
      if (!(error instanceof ProviderOrderTaken)) throw error;
    }
  }
  return undefined;
}

/** Provider orders that may be this shop order's: oldest first, claimed by no shop order. */
async function candidatesFor(
  deps: OrdersDependencies,
  order: OrderRow,
  orders: readonly OrderResponse[],
): Promise<OrderResponse[]> {
  const sameBundle = orders.filter(
    (candidate) =>
      candidate.orderReference !== '' &&
      isPurchase(candidate) &&
      !isFailed(candidate) &&
      candidate.order.length === 1 &&
      candidate.order[0]?.item === order.planName &&
      candidate.order[0]?.quantity === 1,
  );
  const claimed = await findClaimedProviderOrders(
    deps.db,
    sameBundle.map((candidate) => candidate.orderReference),
  );
  const known = await deps.esims.knownIccids(sameBundle.flatMap(iccidsOf));
  return sameBundle
    .filter((candidate) => !claimed.has(candidate.orderReference))
    .filter((candidate) =>
      order.targetIccid
        ? iccidsOf(candidate).includes(order.targetIccid)
        : // A new eSIM: an order that went to an eSIM the shop owns is someone's top-up.
          iccidsOf(candidate).every((iccid) => !known.has(iccid)),
    )
    .sort((a, b) => (a.createdDate ?? '').localeCompare(b.createdDate ?? ''));
}

function iccidsOf(answer: OrderResponse): string[] {
  const iccids = answer.order.flatMap((line) => [
    ...line.iccids,
    ...line.esims.map((esim) => esim.iccid),
  ]);
  return [...new Set(iccids)];
}

/**
 * The eSIM of a provider order recorded before it had one. While eSIM Go answers 503
 * Processing, the job waits until its Retry-After, without spending an attempt.
 */
export async function ensureEsimAssigned(
  deps: OrdersDependencies,
  order: OrderRow,
): Promise<OrderRow | Stop | undefined> {
  if (order.iccid !== null || order.providerOrderReference === null) return order;
  const reference = order.providerOrderReference;
  let installs: InstallDetails;
  try {
    installs = await deps.provider().getAssignments(reference);
  } catch (error) {
    if (error instanceof EsimGoError && error.processing && stillExpected(deps, order)) {
      const until = new Date(deps.clock().getTime() + (error.retryAfterMs ?? POLL_MS));
      const reason = `provider order ${reference} is still being processed`;
      return { stop: { kind: 'deferred', until, reason } };
    }
    return noEsim(deps, order, reference, error);
  }
  const iccid = order.targetIccid ?? installs[0]?.iccid;
  if (!iccid || !installs.some((install) => install.iccid === iccid)) {
    return noEsim(
      deps,
      order,
      reference,
      new Error(`The provider's order ${reference} holds no eSIM`),
    );
  }
  const now = deps.clock();
  await addOrderEvent(deps.db, order.id, now, 'provider-esim-assigned', `${reference} ${iccid}`);
  return recordProviderEsim(deps.db, order.id, { iccid, now });
}

/**
 * No eSIM to be had for the stored order: one eSIM Go left failed is let go of (and bought
 * again); any other reason fails the attempt with `error`, the order kept.
 */
async function noEsim(
  deps: OrdersDependencies,
  order: OrderRow,
  reference: string,
  error: unknown,
): Promise<Stop> {
  if (await failedAtProvider(deps, reference, error)) {
    return forgetFailedOrder(deps, order, reference);
  }
  throw error;
}

function stillExpected(deps: OrdersDependencies, order: OrderRow): boolean {
  const since = order.paidAt ?? order.createdAt;
  return deps.clock().getTime() - since.getTime() < PROCESSING_LIMIT_MS;
}

function detail(order: OrderRow): string {
  return `${order.providerOrderReference} ${order.iccid ?? '(eSIM to follow)'}`;
}
