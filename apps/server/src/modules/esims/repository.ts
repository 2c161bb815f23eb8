/**
 * Data access of the eSIMs module: the eSIMs the shop delivered, with what a phone needs to
 * install each. Reads for a buyer are scoped to the client, so another buyer's eSIM never
 * comes back; the orders module stores each new eSIM through the service.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { esims } from '../../db/schema';

export interface EsimRow {
  iccid: string;
  clientId: number;
  orderId: number;
  matchingId: string;
  smdpAddress: string;
  pin: string | null;
  puk: string | null;
  createdAt: Date;
}

/** What a phone needs to install the eSIM, as delivered by the provider. */
export type InstallRow = Pick<EsimRow, 'iccid' | 'matchingId' | 'smdpAddress' | 'pin' | 'puk'>;

const esimColumns = {
  iccid: esims.iccid,
  clientId: esims.clientId,
  orderId: esims.orderId,
  matchingId: esims.matchingId,
  smdpAddress: esims.smdpAddress,
  pin: esims.pin,
  puk: esims.puk,
  createdAt: esims.createdAt,
};

/** The client's eSIMs, newest first. */
export function listClientEsims(db: Db, clientId: number): Promise<EsimRow[]> {
  return db
    .select(esimColumns)
    .from(esims)
    .where(eq(esims.clientId, clientId))
    .orderBy(desc(esims.createdAt), desc(esims.id));
}

/** The eSIM, when this client owns it. */
export async function findOwnedEsim(
  db: Db,
  clientId: number,
  iccid: string,
): Promise<EsimRow | undefined> {
  const [row] = await db
    .select(esimColumns)
    .from(esims)
    .where(and(eq(esims.iccid, iccid), eq(esims.clientId, clientId)));
  return row;
}

export async function insertEsimIfAbsent(db: Db, values: EsimRow): Promise<void> {
  await db.insert(esims).values(values).onConflictDoNothing({ target: esims.iccid });
}

/** Which of these ICCIDs are eSIMs the shop already delivered. */
export async function findKnownIccids(db: Db, iccids: readonly string[]): Promise<Set<string>> {
  if (iccids.length === 0) return new Set();
  const rows = await db
    .select({ iccid: esims.iccid })
    .from(esims)
    .where(inArray(esims.iccid, [...iccids]));
  return new Set(rows.map((row) => row.iccid));
}

/** The eSIM, whoever owns it. */
export async function findEsim(db: Db, iccid: string): Promise<EsimRow | undefined> {
  const [row] = await db.select(esimColumns).from(esims).where(eq(esims.iccid, iccid));
  return row;
}

/** The client who owns the eSIM, whoever asks (a provider callback names only the ICCID). */
export async function findEsimOwner(db: Db, iccid: string): Promise<number | undefined> {
  const [row] = await db
    .select({ clientId: esims.clientId })
    .from(esims)
    .where(eq(esims.iccid, iccid));
  return row?.clientId;
}
