/**
 * Rows of the simulated network: where each eSIM's phone last attached, and how many network
 * refreshes the shop asked for. Functions take the database or a transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { esimGoSandboxEsims as esims } from '../../db/schema/esimgo-sandbox';
import type { ProfileStatus } from './protocol';

export interface NetworkRow {
  iccid: string;
  profileStatus: ProfileStatus;
  networkName: string | null;
  mobileNetworkCode: string | null;
  networkCountry: string | null;
  lastSeenAt: Date | null;
  refreshCount: number;
}

const networkColumns = {
  iccid: esims.iccid,
  profileStatus: esims.profileStatus,
  networkName: esims.networkName,
  mobileNetworkCode: esims.mobileNetworkCode,
  networkCountry: esims.networkCountry,
  lastSeenAt: esims.lastSeenAt,
  refreshCount: esims.refreshCount,
};

export async function findNetworkRow(db: Db, iccid: string): Promise<NetworkRow | undefined> {
  const [row] = await db.select(networkColumns).from(esims).where(eq(esims.iccid, iccid));
  return row;
}

export interface Attachment {
  networkName: string;
  mobileNetworkCode: string;
  networkCountry: string;
  lastSeenAt: Date;
}

/** Where the phone is attached now; `undefined` forgets any network (attached nowhere). */
export async function saveAttachment(
  db: Db,
  iccid: string,
  attachment: Attachment | undefined,
): Promise<NetworkRow | undefined> {
  const [row] = await db
    .update(esims)
    .set({
      networkName: attachment?.networkName ?? null,
      mobileNetworkCode: attachment?.mobileNetworkCode ?? null,
      networkCountry: attachment?.networkCountry ?? null,
      lastSeenAt: attachment?.lastSeenAt ?? null,
    })
    .where(eq(esims.iccid, iccid))
    .returning(networkColumns);
  return row;
}

/**
 * Counts one refresh; a phone attached somewhere registers again at once, so it is seen there
 * `now`. Counted in SQL, so concurrent refreshes from several instances all count.
 */
export async function countRefresh(
  db: Db,
  iccid: string,
  now: Date,
): Promise<NetworkRow | undefined> {
  const [row] = await db
    .update(esims)
    .set({
      refreshCount: sql`${esims.refreshCount} + 1`,
      lastSeenAt: sql`case when ${esims.networkName} is null then null else ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(esims.iccid, iccid))
    .returning(networkColumns);
  return row;
}
