/**
 * The simulator's eSIM reads (details, applied bundles with live usage, install details by order
 * reference) and the control-side change of a profile status.
 */
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { findBundle } from './catalogue-store';
import {
  type AssignmentRow,
  type EsimRow,
  findAssignmentsOfEsim,
  findEsim,
  findInstallRows,
  updateProfileStatus,
} from './esims-repository';
import type {
  AppliedBundle,
  AssignmentView,
  EsimDetails,
  InstallDetails,
  ProfileStatus,
} from './protocol';
import { type AssignmentUsage, usageOf } from './usage';

export async function esimDetails(db: Db, iccid: string): Promise<EsimDetails> {
  return toDetails(await existingEsim(db, iccid));
}

export async function appliedBundles(
  db: Db,
  iccid: string,
  now: Date,
): Promise<{ bundles: AppliedBundle[] }> {
  await existingEsim(db, iccid);
  const rows = await findAssignmentsOfEsim(db, iccid);
  const usage = new Map(usageOf(rows, now).map((entry) => [entry.id, entry]));
  const byName = new Map<string, AppliedBundle>();
  for (const row of rows) {
    const bundle = byName.get(row.bundleName) ?? newAppliedBundle(row.bundleName);
    byName.set(row.bundleName, bundle);
    const entry = usage.get(row.id);
    if (entry) bundle.assignments.push(toAssignmentView(row, entry));
  }
  return { bundles: [...byName.values()] };
}

/** `reference` may list several order references, comma-separated, as eSIM Go allows. */
export async function installDetails(db: Db, reference: string): Promise<InstallDetails[]> {
  const references = reference
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const rows = await findInstallRows(db, references);
  if (rows.length === 0) throw badRequest(`No eSIMs found for reference ${reference}`);
  return rows.map((row) => ({
    iccid: row.iccid,
    matchingId: row.matchingId,
    smdpAddress: row.smdpAddress,
    profileStatus: row.profileStatus,
    bundle: row.bundleName,
    reference: row.orderReference,
  }));
}

export async function setProfileStatus(
  db: Db,
  iccid: string,
  profileStatus: ProfileStatus,
  now: Date,
): Promise<EsimDetails> {
  const installedAt = profileStatus === 'Installed' ? now : undefined;
  const esim = await updateProfileStatus(db, iccid, profileStatus, installedAt);
  if (!esim) throw badRequest(`eSIM ${iccid} not found`);
  return toDetails(esim);
}

// eSIM Go documents 400 (not 404) for an ICCID that is unknown to the account.
async function existingEsim(db: Db, iccid: string): Promise<EsimRow> {
  const esim = await findEsim(db, iccid);
  if (!esim) throw badRequest(`eSIM ${iccid} not found`);
  return esim;
}

function toDetails(esim: EsimRow): EsimDetails {
  return {
    iccid: esim.iccid,
    matchingId: esim.matchingId,
    smdpAddress: esim.smdpAddress,
    profileStatus: esim.profileStatus,
    pin: esim.pin,
    puk: esim.puk,
    firstInstalledDateTime: esim.firstInstalledAt?.toISOString() ?? null,
  };
}

function newAppliedBundle(name: string): AppliedBundle {
  return { name, description: findBundle(name)?.description ?? name, assignments: [] };
}

function toAssignmentView(row: AssignmentRow, usage: AssignmentUsage): AssignmentView {
  return {
    id: String(row.id),
    assignmentReference: row.orderReference,
    initialQuantity: row.initialBytes,
    remainingQuantity: usage.remainingBytes,
    assignmentDateTime: row.assignedAt.toISOString(),
    bundleState: usage.state,
    unlimited: row.initialBytes < 0,
  };
}
