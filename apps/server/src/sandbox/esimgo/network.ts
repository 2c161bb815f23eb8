/**
 * The simulated network around each eSIM, for the shop's connection doctor: eSIM Go's last known
 * location of an eSIM, its network refresh, and the control that plays the phone attaching to a
 * network (or to none). A phone attaches only with its profile installed.
 */
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import {
  type Attachment,
  countRefresh,
  findNetworkRow,
  type NetworkRow,
  saveAttachment,
} from './network-repository';
import type { AttachmentRequest, EsimLocation, RefreshAnswer } from './protocol';

const MINUTE_MS = 60_000;

/**
 * The network the eSIM was last seen on. eSIM Go documents no answer for an eSIM that never
 * attached (https://docs.esim-go.com/api/v2_4/operations/esimsiccidlocation/get lists only string
 * fields); the simulator answers 200 with the text fields empty and no `lastSeen` (a date-time in
 * v2.5's document, which an empty text is not) then, and the shop also reads a 400 or missing
 * fields as "never seen".
 */
export async function esimLocation(db: Db, iccid: string): Promise<EsimLocation> {
  return toLocation(await existingRow(db, iccid));
}

/**
 * "Generates a cancel location request to the network, prompting it to reestablish its
 * connection"; "Deactivated eSIMs cannot be refreshed and will return a 400 Bad Request error"
 * (https://docs.esim-go.com/api/v2_5/operations/esimsiccidrefresh/get). 503 Processing and 429
 * come from the fault switch, as on every provider call.
 */
export async function refreshEsim(db: Db, iccid: string, now: Date): Promise<RefreshAnswer> {
  const row = await existingRow(db, iccid);
  if (row.profileStatus === 'Deactivated') {
    throw badRequest('standIn.refreshDeactivated', { iccid });
  }
  await countRefresh(db, iccid, now);
  return { status: 'Successfully refreshed SIM' };
}

/** Test control: the phone attached to a network (seen now, or minutes ago), or to none. */
export async function setAttachment(
  db: Db,
  iccid: string,
  request: AttachmentRequest,
  now: Date,
): Promise<EsimLocation> {
  const row = await existingRow(db, iccid);
  if (request.attached && row.profileStatus !== 'Installed') {
    throw badRequest('standIn.attachNotInstalled', {
      iccid,
      profileStatus: row.profileStatus,
    });
  }
  const attachment: Attachment | undefined = request.attached
    ? {
        networkName: request.networkName,
        mobileNetworkCode: request.mobileNetworkCode,
        networkCountry: request.country,
        lastSeenAt: new Date(now.getTime() - (request.lastSeenMinutesAgo ?? 0) * MINUTE_MS),
      }
    : undefined;
  const saved = await saveAttachment(db, iccid, attachment);
  if (!saved) throw badRequest('standIn.esimNotFound', { iccid });
  return toLocation(saved, request.attached ? request.networkBrandName : undefined);
}

/** Test control: the eSIM's location with how many refreshes it had, to check the shop asked. */
export async function networkState(
  db: Db,
  iccid: string,
): Promise<EsimLocation & { refreshCount: number }> {
  const row = await existingRow(db, iccid);
  return { ...toLocation(row), refreshCount: row.refreshCount };
}

// eSIM Go documents 400 (not 404) for an ICCID that is unknown to the account.
async function existingRow(db: Db, iccid: string): Promise<NetworkRow> {
  const row = await findNetworkRow(db, iccid);
  if (!row) throw badRequest('standIn.esimNotFound', { iccid });
  return row;
}

function toLocation(row: NetworkRow, brandName?: string): EsimLocation {
  return {
    mobileNetworkCode: row.mobileNetworkCode ?? '',
    networkName: row.networkName ?? '',
    // Not stored: the brand is the network's name unless the control gave one just now.
    networkBrandName: brandName ?? row.networkName ?? '',
    country: row.networkCountry ?? '',
    ...(row.lastSeenAt ? { lastSeen: row.lastSeenAt.toISOString() } : {}),
  };
}
