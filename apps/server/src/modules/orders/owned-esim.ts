import { orderMessages } from '@tern/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { type EsimRow, findOwnedEsim } from './repository';

/**
 * The eSIM, when this client owns it; else a 404 that says no more than "not found", so
 * another buyer's eSIM answers exactly like one that does not exist.
 */
export async function requireOwnedEsim(db: Db, clientId: number, iccid: string): Promise<EsimRow> {
  const esim = await findOwnedEsim(db, clientId, iccid);
  if (!esim) throw notFound(orderMessages.esimNotFound);
  return esim;
}
