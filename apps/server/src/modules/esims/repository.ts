/**
 * Data access of the eSIMs module: the buyer's eSIMs with the plan each was bought with, and
 * one eSIM's install details by the ledger entry that names it (by ICCID, it is the orders
 * module's findOwnedEsim). Every query is scoped to the client, so another buyer's eSIM never
 * comes back.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { esims, ledgerEntries, orders } from '../../db/schema';
import { type EsimRow, esimColumns } from '../orders/repository';

/** What a phone needs to install the eSIM, as delivered by the provider. */
export type InstallRow = Pick<EsimRow, 'iccid' | 'matchingId' | 'smdpAddress' | 'pin' | 'puk'>;

export interface OwnedEsimRow {
  iccid: string;
  planName: string;
  planDescription: string;
  destinationIso: string;
  destinationName: string;
  createdAt: Date;
}

/** The client's eSIMs, newest first, each with the order that bought it. */
export function listClientEsims(db: Db, clientId: number): Promise<OwnedEsimRow[]> {
  return db
    .select({
      iccid: esims.iccid,
      planName: orders.planName,
      planDescription: orders.planDescription,
      destinationIso: orders.destinationIso,
      destinationName: orders.destinationName,
      createdAt: esims.createdAt,
    })
    .from(esims)
    .innerJoin(orders, eq(orders.id, esims.orderId))
    .where(eq(esims.clientId, clientId))
    .orderBy(desc(esims.createdAt), desc(esims.id));
}

/** The eSIM a ledger entry names, when this client owns both. */
export async function findOwnedInstallOfLedgerEntry(
  db: Db,
  clientId: number,
  ledgerId: number,
): Promise<EsimRow | undefined> {
  const [row] = await db
    .select(esimColumns)
    .from(ledgerEntries)
    .innerJoin(esims, eq(esims.iccid, ledgerEntries.iccid))
    .where(
      and(
        eq(ledgerEntries.id, ledgerId),
        eq(ledgerEntries.clientId, clientId),
        eq(esims.clientId, clientId),
      ),
    );
  return row;
}
