/**
 * eSIM Go's revoke, as the shop's self-service refund uses it: DELETE /esims/{iccid}/bundles/{name}
 * and /esims/{iccid}/bundles/{name}/assignments/{assignmentId}, type=validate (checks, changes
 * nothing) or transaction (the default). A revoked assignment is no longer on the eSIM: neither
 * used nor listed. An eSIM left without bundles and not installed enters the returns process and
 * leaves the account at once (see `returned` in ./esims-repository); its calls then answer 403.
 * A revoked bundle that had not started goes back to the organisation's inventory (./inventory),
 * whose refund endpoint returns its price to the balance; the revoke itself refunds nothing.
 * https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesname/delete/
 * https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesnameassignmentsassignmentid/delete/
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { badRequest, type HttpError } from '../../errors';
import { simulatedNow } from './clock';
import {
  type AssignmentRow,
  findAssignmentsOfEsim,
  findOrderRow,
  markAssignmentRevoked,
} from './esims-repository';
import { existingEsim } from './esims-service';
import { returnToInventory } from './inventory';
import {
  type RevokeAnswer,
  type RevokeType,
  revokeAssignmentParamsSchema,
  revokeBundleParamsSchema,
  revokeQuerySchema,
} from './protocol';
import { hasStarted, usageOf } from './usage';

/**
 * The documented example answer is "Successfully Revoked Bundle, bundle has been refunded to
 * inventory" (https://staging-docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesname/delete);
 * "Access to the refund functionality is disabled by default … Without this feature enabled, this
 * endpoint will only revoke the bundle assignment without a refund", which is the simulator's case.
 */
export const REVOKED_STATUS = 'Successfully Revoked Bundle';

export interface RevokeTarget {
  iccid: string;
  name: string;
  /** The assignment endpoint names one; the bundle endpoint leaves the choice to eSIM Go. */
  assignmentId?: string;
}

export async function revokeBundle(
  db: Db,
  target: RevokeTarget,
  type: RevokeType,
  now: Date,
): Promise<RevokeAnswer> {
  // 400 for an ICCID the account never held, 403 for one it returned (see existingEsim).
  const esim = await existingEsim(db, target.iccid);
  const onEsim = await findAssignmentsOfEsim(db, target.iccid);
  const chosen = chooseAssignment(onEsim, target, now);
  // Not documented beyond "400 Bad Request": a bundle that is not (or no longer) on the eSIM.
  if (!chosen) throw notOnEsim(target);
  const returns = onEsim.length === 1 && esim.profileStatus !== 'Installed';
  if (type === 'validate') {
    return {
      status: returns
        ? 'Bundle can be revoked. No bundles would be left and the eSIM is not installed: it would enter the returns process and be removed from your account'
        : 'Bundle can be revoked',
    };
  }
  await db.transaction(async (tx) => {
    // The guarded update lets one of two revokes of the same assignment win; the other is refused.
    if (!(await markAssignmentRevoked(tx, chosen.id, now))) throw notOnEsim(target);
    if (!startedAt(chosen, onEsim, now))
      await returnToInventory(tx, await bundleOf(tx, chosen), now);
  });
  return { status: REVOKED_STATUS };
}

function startedAt(chosen: AssignmentRow, onEsim: readonly AssignmentRow[], now: Date): boolean {
  const usage = usageOf(onEsim, now).find((entry) => entry.id === chosen.id);
  return usage === undefined || hasStarted(usage.state);
}

/** The revoked bundle as the inventory keeps it: its name, what it cost and when it was bought. */
async function bundleOf(db: Db, assignment: AssignmentRow) {
  const order = await findOrderRow(db, assignment.orderReference);
  const line = order?.lines.find((entry) => entry.item === assignment.bundleName);
  return {
    name: assignment.bundleName,
    priceCents: line?.priceCents ?? 0,
    purchasedAt: order?.createdAt ?? assignment.assignedAt,
  };
}

/**
 * The assignment a revoke takes. By id: that one, when it carries the bundle named. By name the
 * page says both "revokes latest assignment" and "If the specified ICCID has multiple bundles
 * with the same name, the oldest unused bundle will be revoked": the oldest one not started yet,
 * else the latest. https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesname/delete/
 */
export function chooseAssignment(
  onEsim: readonly AssignmentRow[],
  target: RevokeTarget,
  now: Date,
): AssignmentRow | undefined {
  const named = onEsim.filter((row) => row.bundleName === target.name);
  if (target.assignmentId !== undefined) {
    return named.find((row) => String(row.id) === target.assignmentId);
  }
  const states = new Map(usageOf(onEsim, now).map((usage) => [usage.id, usage.state]));
  const unused = named.find((row) => {
    const state = states.get(row.id);
    return state !== undefined && !hasStarted(state);
  });
  return unused ?? named.at(-1);
}

function notOnEsim({ iccid, name, assignmentId }: RevokeTarget): HttpError {
  const bundle = assignmentId === undefined ? name : `${name} assignment ${assignmentId}`;
  return badRequest('standIn.bundleNotOnEsim', { iccid, bundle });
}

/** Registered inside the provider routes, so the API key check and the fault switch apply. */
export const revocationRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;

  api.delete(
    '/esims/:iccid/bundles/:name',
    { schema: { hide: true, params: revokeBundleParamsSchema, querystring: revokeQuerySchema } },
    async (request) => revokeBundle(db, request.params, request.query.type, await simulatedNow(db)),
  );

  api.delete(
    '/esims/:iccid/bundles/:name/assignments/:assignmentId',
    {
      schema: { hide: true, params: revokeAssignmentParamsSchema, querystring: revokeQuerySchema },
    },
    async (request) => revokeBundle(db, request.params, request.query.type, await simulatedNow(db)),
  );
};
