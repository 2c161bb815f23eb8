/**
 * The order pipeline hour by hour, from the orders' own timestamps and events, so every
 * instance tells the same figures (the operators' health section): orders opened, paid and
 * delivered, and how long a paid order waited for its eSIM.
 */
import type { Db } from '../../db/client';
import { countOrdersByHour, deliveryTimesByHour } from './repository';

export interface PipelineHourFigures {
  orders: number;
  paid: number;
  delivered: number;
  /** null without a delivery in the hour. */
  fulfilmentP50Seconds: number | null;
  fulfilmentP99Seconds: number | null;
}

/** One entry per hour (hours since the epoch) from `since` on that saw anything. */
export async function pipelineHours(
  db: Db,
  since: Date,
): Promise<Map<number, PipelineHourFigures>> {
  const [opened, paid, deliveries] = await Promise.all([
    countOrdersByHour(db, 'created', since),
    countOrdersByHour(db, 'paid', since),
    deliveryTimesByHour(db, since),
  ]);
  const hours = new Map<number, PipelineHourFigures>();
  const figuresOf = (hour: number): PipelineHourFigures => {
    let figures = hours.get(hour);
    if (!figures) {
      figures = {
        orders: 0,
        paid: 0,
        delivered: 0,
        fulfilmentP50Seconds: null,
        fulfilmentP99Seconds: null,
      };
      hours.set(hour, figures);
    }
    return figures;
  };
  for (const row of opened) figuresOf(row.hour).orders = row.orders;
  for (const row of paid) figuresOf(row.hour).paid = row.orders;
  for (const row of deliveries) {
    Object.assign(figuresOf(row.hour), {
      delivered: row.delivered,
      fulfilmentP50Seconds: row.p50Seconds,
      fulfilmentP99Seconds: row.p99Seconds,
    });
  }
  return hours;
}
