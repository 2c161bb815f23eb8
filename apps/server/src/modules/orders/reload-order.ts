// Reads an order again after a guarded change that did not apply, or another run's work.

import type { Db } from '../../db/client';
import { findOrderById, type OrderRow } from './repository';

/** The order as stored now; an order never disappears, so a missing one is a bug. */
export async function reloadOrder(db: Db, id: number): Promise<OrderRow> {
  const order = await findOrderById(db, id);
  if (!order) throw new Error(`Order ${id} disappeared`);
  return order;
}
