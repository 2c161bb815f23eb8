/**
 * The simulator's fault switch: makes provider calls fail with a 500, hang until the client gives
 * up, or answer 429 with Retry-After, so the shop's retries and timeouts can be tested for real.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { FaultRequest, FaultState } from './protocol';
import { findSettings, saveFault, takeFault } from './settings-repository';

/** A hung call gives up after this long, in case the client never times out. */
const HANG_MS = 30_000;
const DEFAULT_RETRY_AFTER_SECONDS = 1;

export async function readFault(db: Db): Promise<FaultState> {
  const row = await findSettings(db);
  // A counted fault that has used up its calls is off, whatever mode it names.
  if (!row || row.faultRemaining === 0) {
    return {
      mode: 'none',
      remaining: null,
      retryAfterSeconds: row?.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
    };
  }
  return {
    mode: row.faultMode,
    remaining: row.faultRemaining,
    retryAfterSeconds: row.retryAfterSeconds,
  };
}

export async function setFault(db: Db, request: FaultRequest): Promise<FaultState> {
  await saveFault(db, {
    faultMode: request.mode,
    faultRemaining: request.mode === 'none' ? null : (request.count ?? null),
    retryAfterSeconds: request.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
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

  api.addHook('onRequest', async (request, reply) => {
    const fault = await takeFault(api.database.db);
    if (!fault) return;
    switch (fault.faultMode) {
      case 'none':
        return;
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
