/**
 * The day's reconciliation for the operators' console (issue 30): the report of a day, and the
 * two actions it adds, each a job on the one engine so it is taken once, resumed after a
 * failure, and refused while another request or instance holds it:
 * - an unclaimed provider order returned to eSIM Go (provider-return.ts);
 * - a payment no shop order holds given back at the gateway (payment-return.ts).
 * A second call finds the job done and does nothing again. The other lines of the report are
 * settled by the orders' own actions (retry, refund).
 */
import type { OpsReconciliation, OpsReturnResult } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badGateway, badRequest, conflict, notFound } from '../../errors';
import { type EsimGoClient, EsimGoError } from '../../integrations/esimgo/client';
import type { GatewayClient } from '../../integrations/gateway/client';
import type { GatewayReportingClient } from '../../integrations/gateway/reporting';
import { OutsideCallError } from '../../integrations/http/http-core';
import { createJobEngine, findJob, restartJob } from '../../jobs/engine';
import type { Clock } from '../../lib/clock';
import type { EsimsService } from '../esims/service';
import type { OrderReconciliation } from '../orders/reconciliation-facts';
import type { RefundsService } from '../refunds/service';
import { dayReport, dayWindow, moneyHeld, readOutsideViews } from './day-report';
import { PAYMENT_RETURN_KIND, paymentReturnKey, paymentReturnKind } from './payment-return';
import {
  PROVIDER_RETURN_KIND,
  providerReturnKey,
  providerReturnKind,
  standingOf,
} from './provider-return';
import { findReturnsOfProviderOrders } from './repository';

export interface ReconciliationDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Made on demand: the built-in stand-ins answer only once the app listens. */
  provider(): EsimGoClient;
  gateway(): GatewayClient;
  /** The gateway's Reporting API; undefined when it is not configured. */
  reporting(): GatewayReportingClient | undefined;
  orders: OrderReconciliation;
  refunds: Pick<RefundsService, 'unfinished' | 'claimedInventoryRefunds'>;
  esims: Pick<EsimsService, 'knownIccids'>;
  /** The return jobs' lease and first retry delay (the orders' settings). */
  jobs: { leaseMs: number; retryBaseMs: number; workerId: string };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;

export function createReconciliationService(deps: ReconciliationDependencies) {
  const engine = createJobEngine({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    workerId: deps.jobs.workerId,
    leaseMs: deps.jobs.leaseMs,
    kinds: {
      [PROVIDER_RETURN_KIND]: providerReturnKind(deps),
      [PAYMENT_RETURN_KIND]: paymentReturnKind(deps),
    },
  });

  async function report(date: string): Promise<OpsReconciliation> {
    const window = dayWindow(date, deps.clock());
    if (!window) throw badRequest('opsMessages.dayNotBegun');
    const views = await outside(() => readOutsideViews(deps, window), 'reconciliationUnavailable');
    return outside(() => dayReport(deps, window, views), 'reconciliationUnavailable');
  }

  /** Returns an unclaimed provider order's unused bundles to eSIM Go, once. */
  async function returnProviderOrder(reference: string): Promise<OpsReturnResult> {
    const key = providerReturnKey(reference);
    if ((await findJob(deps.db, key))?.doneAt) {
      return { ref: reference, outcome: await providerOutcome(reference, 'already-returned') };
    }
    const order = await outside(() => findProviderOrder(reference), 'reconciliationUnavailable');
    switch (await standingOf(deps, order)) {
      case 'not-a-purchase':
        throw notFound('opsMessages.providerOrderNotFound');
      case 'claimed':
        throw conflict('opsMessages.providerOrderClaimed');
      case 'sought':
        throw conflict('opsMessages.providerOrderInDoubt');
      case 'returnable':
        break;
    }
    await runNow(key, PROVIDER_RETURN_KIND);
    return { ref: reference, outcome: await providerOutcome(reference, 'returned') };
  }

  /** Gives back a payment no shop order holds: void the hold, or refund what was taken, once. */
  async function returnPayment(gatewayOrderId: string): Promise<OpsReturnResult> {
    const key = paymentReturnKey(gatewayOrderId);
    if ((await findJob(deps.db, key))?.doneAt) {
      return { ref: gatewayOrderId, outcome: 'already-returned' };
    }
    if ((await deps.orders.ownedGatewayOrderIds([gatewayOrderId])).size > 0) {
      throw conflict('opsMessages.paymentHasOrder');
    }
    const order = await outside(
      () => deps.gateway().retrieveOrder(gatewayOrderId),
      'reconciliationUnavailable',
    );
    if (!order) throw notFound('opsMessages.paymentNotFound');
    // Voided, refunded or never approved: nothing is held to give back.
    if (!moneyHeld(order)) return { ref: gatewayOrderId, outcome: 'already-returned' };
    await runNow(key, PAYMENT_RETURN_KIND);
    return { ref: gatewayOrderId, outcome: 'returned' };
  }

  /**
   * Runs the job here, now, and answers 502 unless it finished: its next attempt comes by
   * itself. Refused (409) while another request or instance holds it.
   */
  async function runNow(key: string, kind: string): Promise<void> {
    if (!(await restartJob(deps.db, { key, kind, now: deps.clock(), unlessLeased: true }))) {
      throw conflict('opsMessages.returnBusy');
    }
    await engine.runJob(key);
    const job = await findJob(deps.db, key);
    if (!job?.doneAt) {
      if (job?.lockedUntil && job.lockedUntil > deps.clock())
        throw conflict('opsMessages.returnBusy');
      throw badGateway('opsMessages.returnFailed');
    }
  }

  /** in-use when nothing of the order could go back (every bundle had started). */
  async function providerOutcome(
    reference: string,
    done: 'returned' | 'already-returned',
  ): Promise<OpsReturnResult['outcome']> {
    const rows = await findReturnsOfProviderOrders(deps.db, [reference]);
    return rows.length === 0 ? 'in-use' : done;
  }

  async function findProviderOrder(reference: string) {
    try {
      return await deps.provider().getOrder(reference);
    } catch (error) {
      // eSIM Go refuses an unknown reference with a 4xx; its outages are something else.
      if (
        error instanceof EsimGoError &&
        error.status !== undefined &&
        error.status < 500 &&
        error.status !== 429
      ) {
        throw notFound('opsMessages.providerOrderNotFound');
      }
      throw error;
    }
  }

  return {
    report,
    returnProviderOrder,
    returnPayment,
    /** The background worker's round: returns whose last attempt failed, when due. */
    runDueJobs: () => engine.runDueJobs(),
  };
}

/** An outside service that failed (not a refusal of ours) answers 502 with this message. */
async function outside<T>(
  run: () => Promise<T>,
  message: 'reconciliationUnavailable' | 'returnFailed',
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OutsideCallError) throw badGateway(`opsMessages.${message}`);
    throw error;
  }
}
