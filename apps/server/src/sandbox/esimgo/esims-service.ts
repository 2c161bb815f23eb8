/**
 * The simulator's eSIM reads (details, applied bundles with live usage, install details by order
 * reference) and the control-side change of a profile status.
 */
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../errors';
import { findBundle } from './catalogue-store';
import {
  type AssignmentRow,
  backdateAssignments,
  type EsimRow,
  esimWasIssued,
  findAssignmentsOfEsim,
  findEsim,
  findInstallRows,
  findOrder,
  updateProfileStatus,
} from './esims-repository';
import { completeDueOrders } from './orders-service';
import {
  type AppliedBundle,
  type AssignmentView,
  type EsimBundlesQuery,
  type EsimDetails,
  type InstallDetails,
  MAX_BUNDLE_ASSIGNMENTS,
  type ProfileStatus,
} from './protocol';
import { readShapes } from './settings-repository';
import { type AssignmentUsage, type BundleState, hasStarted, usageOf } from './usage';

const HOUR_MS = 3_600_000;

/** Left out of the applied bundles unless includeUsed=true. */
const USED_STATES: readonly BundleState[] = ['depleted', 'expired'];

export async function esimDetails(db: Db, iccid: string): Promise<EsimDetails> {
  return toDetails(await existingEsim(db, iccid));
}

/**
 * The bundles on an eSIM: the `limit` most recent assignments, without depleted and expired
 * ones unless `includeUsed` (https://docs.esim-go.com/guides/bundle_status/).
 */
export async function appliedBundles(
  db: Db,
  iccid: string,
  now: Date,
  query: EsimBundlesQuery,
): Promise<{ bundles: AppliedBundle[] }> {
  await existingEsim(db, iccid);
  const rows = await findAssignmentsOfEsim(db, iccid);
  const { assignmentReference } = await readShapes(db);
  const referenceOf = (row: AssignmentRow) =>
    assignmentReference === 'suffixed' ? `${row.orderReference}-0` : row.orderReference;
  // Usage is worked out over every assignment: a queued bundle starts when the one before ends.
  const usage = new Map(usageOf(rows, now).map((entry) => [entry.id, entry]));
  const shown = rows.filter((row) => {
    const state = usage.get(row.id)?.state;
    return state !== undefined && (query.includeUsed || !USED_STATES.includes(state));
  });
  const byName = new Map<string, AppliedBundle>();
  for (const row of shown.slice(-query.limit)) {
    const bundle = byName.get(row.bundleName) ?? newAppliedBundle(row.bundleName);
    byName.set(row.bundleName, bundle);
    const entry = usage.get(row.id);
    if (entry) bundle.assignments.push(toAssignmentView(row, entry, referenceOf(row)));
  }
  return { bundles: [...byName.values()] };
}

export type InstallAnswer =
  | { ready: true; details: InstallDetails[] }
  /** An order of the async fault whose eSIMs do not exist yet: 503 Processing. */
  | { ready: false; retryAfterSeconds: number };

/** `reference` may list several order references, comma-separated, as eSIM Go allows. */
export async function installDetails(db: Db, reference: string, now: Date): Promise<InstallAnswer> {
  const references = reference
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  await completeDueOrders(db, now);
  const waitMs = await processingWait(db, references, now);
  if (waitMs !== undefined) {
    return { ready: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
  const rows = await findInstallRows(db, references);
  if (rows.length === 0) throw badRequest('standIn.noEsimsForReference', { reference });
  const details = rows.map((row) => ({
    iccid: row.iccid,
    matchingId: row.matchingId,
    smdpAddress: row.smdpAddress,
    profileStatus: row.profileStatus,
    bundle: row.bundleName,
    reference: row.orderReference,
  }));
  return { ready: true, details };
}

/** How long until the last of these orders that is still processing completes, if any is. */
async function processingWait(
  db: Db,
  references: readonly string[],
  now: Date,
): Promise<number | undefined> {
  let wait: number | undefined;
  for (const reference of references) {
    const order = await findOrder(db, reference, now);
    if (order?.status !== 'processing' || !order.completesAt) continue;
    wait = Math.max(wait ?? 0, order.completesAt.getTime() - now.getTime());
  }
  return wait;
}

export async function setProfileStatus(
  db: Db,
  iccid: string,
  profileStatus: ProfileStatus,
  now: Date,
): Promise<EsimDetails> {
  const installedAt = profileStatus === 'Installed' ? now : undefined;
  const esim = await updateProfileStatus(db, iccid, profileStatus, installedAt);
  if (!esim) throw badRequest('standIn.esimNotFound', { iccid });
  return toDetails(esim);
}

/**
 * Test control: moves the eSIM's bundle assignments `hours` into the past, as if the traveller
 * had bought them that much earlier, so they start and use data now without moving the clock
 * every other eSIM shares.
 */
export async function backdateEsim(
  db: Db,
  iccid: string,
  hours: number,
  now: Date,
): Promise<{ bundles: AppliedBundle[] }> {
  await existingEsim(db, iccid);
  await backdateAssignments(db, iccid, Math.round(hours * HOUR_MS));
  return appliedBundles(db, iccid, now, { includeUsed: true, limit: MAX_BUNDLE_ASSIGNMENTS });
}

/**
 * The eSIM as the account holds it. eSIM Go documents 400 (not 404) for an ICCID unknown to
 * the account, and 403 Forbidden besides (https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get,
 * .../esimsiccidbundlesnameassignmentsassignmentid/delete): the answer for an eSIM that left
 * the account in the returns process after its last bundle was revoked ("you will no longer be
 * able to access it", .../esimsiccidbundlesnameassignmentsassignmentid/delete/).
 */
export async function existingEsim(db: Db, iccid: string): Promise<EsimRow> {
  const esim = await findEsim(db, iccid);
  if (esim) return esim;
  if (await esimWasIssued(db, iccid)) throw forbidden('standIn.esimNotAccessible', { iccid });
  throw badRequest('standIn.esimNotFound', { iccid });
}

function toDetails(esim: EsimRow): EsimDetails {
  return {
    iccid: esim.iccid,
    matchingId: esim.matchingId,
    smdpAddress: esim.smdpAddress,
    profileStatus: esim.profileStatus,
    pin: esim.pin,
    puk: esim.puk,
    // Milliseconds since the epoch (https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get),
    // left out until installed: the document's integer is not nullable.
    ...(esim.firstInstalledAt ? { firstInstalledDateTime: esim.firstInstalledAt.getTime() } : {}),
  };
}

function newAppliedBundle(name: string): AppliedBundle {
  return { name, description: findBundle(name)?.description ?? name, assignments: [] };
}

function toAssignmentView(
  row: AssignmentRow,
  usage: AssignmentUsage,
  assignmentReference: string,
): AssignmentView {
  return {
    id: String(row.id),
    assignmentReference,
    initialQuantity: row.initialBytes,
    remainingQuantity: usage.remainingBytes,
    assignmentDateTime: row.assignedAt.toISOString(),
    // Only a started bundle has a start and an end: no endTime is told before it starts.
    ...(hasStarted(usage.state)
      ? { startTime: usage.startsAt.toISOString(), endTime: usage.expiresAt.toISOString() }
      : {}),
    bundleState: usage.state,
    unlimited: row.initialBytes < 0,
  };
}
