/**
 * The health section of the console: each part's readiness as the load balancer's probe sees
 * it (nobody outside is called), and the order pipeline over the last 24 hours, hour by hour,
 * from the database, so every instance tells the same figures.
 */
import { type OpsHealth, PIPELINE_HOURS, type PipelineHour } from '@tern/contract';
import type { FastifyInstance } from 'fastify';
import type { OutsideSystem } from '../../lib/outside-status';
import { databaseState, redisState } from '../health/readiness';
import { type PipelineHourFigures, pipelineHours } from '../orders/pipeline-figures';
import { type CallTally, HOUR_MS } from './call-tally';
import type { CallHourCounts } from './repository';

export async function healthReport(app: FastifyInstance, tally: CallTally): Promise<OpsHealth> {
  const now = app.clock();
  const firstHour = Math.floor(now.getTime() / HOUR_MS) - (PIPELINE_HOURS - 1);
  const since = new Date(firstHour * HOUR_MS);
  const [database, redis, catalogue, pipeline, calls] = await Promise.all([
    databaseState(app),
    redisState(app),
    app.catalog.hasCatalogue().catch(() => false),
    pipelineHours(app.database.db, since),
    tally.since(since),
  ]);
  const outside = app.outsideStatus.snapshot();
  // A system the snapshot does not track is played by a built-in stand-in: this process.
  const part = (system: OutsideSystem) => {
    const known = outside[system];
    return known
      ? { state: known.state, checkedAt: known.checkedAt ?? null }
      : { state: 'stand-in' as const, checkedAt: null };
  };
  return {
    at: now.toISOString(),
    parts: {
      database,
      redis: redis ?? 'in-memory',
      esimGo: part('esimGo'),
      gateway: part('gateway'),
      mail: part('mail'),
      catalogue: catalogue ? 'ready' : 'loading',
    },
    hours: Array.from({ length: PIPELINE_HOURS }, (_, index) =>
      hourOf(firstHour + index, pipeline.get(firstHour + index), calls),
    ),
  };
}

function hourOf(
  hour: number,
  figures: PipelineHourFigures | undefined,
  calls: readonly CallHourCounts[],
): PipelineHour {
  const start = hour * HOUR_MS;
  const callsOf = (service: OutsideSystem) => {
    const row = calls.find((c) => c.service === service && c.hour.getTime() === start);
    const total = (row?.ok ?? 0) + (row?.failed ?? 0);
    const failed = row?.failed ?? 0;
    return { calls: total, failed, errorRate: total === 0 ? 0 : failed / total };
  };
  return {
    hour: new Date(start).toISOString(),
    orders: figures?.orders ?? 0,
    paid: figures?.paid ?? 0,
    delivered: figures?.delivered ?? 0,
    fulfilmentP50Seconds: figures?.fulfilmentP50Seconds ?? null,
    fulfilmentP99Seconds: figures?.fulfilmentP99Seconds ?? null,
    esimGo: callsOf('esimGo'),
    gateway: callsOf('gateway'),
    mail: callsOf('mail'),
  };
}
