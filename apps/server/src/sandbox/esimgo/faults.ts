/**
 * The simulator's fault switch: makes provider calls fail with a 500, hang until the client gives
 * up (before the call runs, or after it ran: the answer is lost), answer 429 or 503 Processing
 * with Retry-After (to reads, or to POST /orders after making the order), complete orders
 * later, or fail them later (failedOrder; like every fault on POST /orders, it hits purchases
 * unless it names validations), so the shop's retries can be tested for real.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { FaultMode, FaultRequest, FaultState, OrderRequest } from './protocol';
import {
  type FaultedCall,
  findSettings,
  saveFault,
  type TakenFault,
  takeFault,
} from './settings-repository';

/** A hung call gives up after this long, in case the client never times out. */
const HANG_MS = 30_000;
const DEFAULT_RETRY_AFTER_SECONDS = 1;
const DEFAULT_ASYNC_DELAY_MS = 3000;

// eSIM Go answers 503 "Processing - Please come back later or use the Retry-After (seconds)
// header" on its GET endpoints. https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get
export const PROCESSING_MESSAGE =
  'Processing - Please come back later or use the Retry-After (seconds) header';

const ANY_CALL: readonly FaultMode[] = ['error500', 'timeout', 'rateLimit', 'lateAnswer'];
/**
 * async, processingAfterOrder and failedOrder change how an order is placed; processing is what
 * reads answer meanwhile.
 */
const ORDER_PLACING: readonly FaultMode[] = ['async', 'processingAfterOrder', 'failedOrder'];
const modesFor = (method: string): readonly FaultMode[] =>
  method === 'GET' ? [...ANY_CALL, 'processing'] : [...ANY_CALL, ...ORDER_PLACING];

/** The fault a call took, for the handlers that act on it (async orders). */
const takenBy = new WeakMap<FastifyRequest, TakenFault>();

export function faultOf(request: FastifyRequest): TakenFault | undefined {
  return takenBy.get(request);
}

/** 503 Processing with Retry-After, as eSIM Go answers a read it cannot serve yet. */
export function sendProcessing(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(retryAfterSeconds))
    .send({ message: PROCESSING_MESSAGE });
}

export async function readFault(db: Db): Promise<FaultState> {
  const row = await findSettings(db);
  // A counted fault that has used up its calls is off, whatever mode it names.
  if (!row || row.faultRemaining === 0) {
    return {
      mode: 'none',
      remaining: null,
      route: null,
      retryAfterSeconds: row?.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      asyncDelayMs: row?.asyncDelayMs ?? DEFAULT_ASYNC_DELAY_MS,
      orderType: row?.faultOrderType ?? 'transaction',
    };
  }
  return {
    mode: row.faultMode,
    remaining: row.faultRemaining,
    route: row.faultRoute,
    retryAfterSeconds: row.retryAfterSeconds,
    asyncDelayMs: row.asyncDelayMs,
    orderType: row.faultOrderType,
  };
}

export async function setFault(db: Db, request: FaultRequest): Promise<FaultState> {
  await saveFault(db, {
    faultMode: request.mode,
    faultRemaining: request.mode === 'none' ? null : (request.count ?? null),
    faultRoute: request.mode === 'none' ? null : (request.route ?? null),
    faultOrderType: request.orderType ?? 'transaction',
    retryAfterSeconds: request.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
    asyncDelayMs: request.asyncDelayMs ?? DEFAULT_ASYNC_DELAY_MS,
  });
  return readFault(db);
}

/** Adds the hook that applies the fault in force to every provider call of `api`. */
export function installFaultHook(api: FastifyInstance): void {
  // Hung calls are let go when the app closes, so a test never waits for HANG_MS.
  const hanging = new Set<() => void>();
  api.addHook('preClose', async () => {
    for (const release of hanging) release();
  });

  // After the body is read, so a fault on POST /orders can tell a purchase from a check.
  api.addHook('preHandler', async (request, reply) => {
    const fault = await takeFault(
      api.database.db,
      modesFor(request.method),
      faultedCall(request, api.prefix),
    );
    if (!fault) return;
    takenBy.set(request, fault);
    switch (fault.faultMode) {
      case 'none':
      case 'async':
      case 'processingAfterOrder':
      case 'failedOrder':
      case 'lateAnswer':
        return;
      case 'processing':
        return sendProcessing(reply, fault.retryAfterSeconds);
      case 'error500':
        return reply.code(500).send({ message: 'Internal Server Error (simulated fault)' });
      case 'rateLimit':
        return reply
          .code(429)
          .header('retry-after', String(fault.retryAfterSeconds))
          .send({ message: 'Too Many Requests (simulated fault)' });
      case 'timeout':
        await hangUntilClosed(reply, hanging);
        return answerAfterHang(request, reply);
    }
  });

  // The call has run (an order is placed); its answer waits until the client gave up on it.
  api.addHook('onSend', async (request, reply, payload) => {
    if (faultOf(request)?.faultMode === 'lateAnswer') await hangUntilClosed(reply, hanging);
    return payload;
  });
}

/** The route as eSIM Go's documentation names it, without the simulator's own prefix. */
function faultedCall(request: FastifyRequest, prefix: string): FaultedCall {
  const path = (request.routeOptions.url ?? request.url).slice(prefix.length);
  const route = `${request.method} ${path}`;
  if (route !== 'POST /orders') return { route };
  const { type } = request.body as OrderRequest;
  return { route, orderType: type };
}

function hangUntilClosed(reply: FastifyReply, hanging: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    // The client may have given up while the fault was being looked up.
    if (reply.raw.destroyed) return resolve();
    const release = () => {
      clearTimeout(timer);
      reply.raw.off('close', release);
      hanging.delete(release);
      resolve();
    };
    const timer = setTimeout(release, HANG_MS);
    timer.unref();
    // The response closes when the client aborts: stop waiting for nobody.
    reply.raw.on('close', release);
    hanging.add(release);
  });
}

function answerAfterHang(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (request.raw.destroyed || reply.raw.destroyed) {
    // Nobody is listening any more; end the lifecycle here so no handler runs.
    reply.hijack();
    return reply;
  }
  return reply.code(504).send({ message: 'Gateway Timeout (simulated fault)' });
}
