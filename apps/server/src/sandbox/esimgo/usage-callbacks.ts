/**
 * eSIM Go's usage callbacks, played by the simulator: when a bundle's used share crosses 1%, 50%,
 * 80% or 100% ("This is sent when the amount of data used on a Bundle is: 1% 50% 80% 100%",
 * https://docs.esim-go.com/api/notifications/operations/utilisation), it POSTs a V3 Utilisation
 * callback to the configured callback URL, signed in X-Signature-SHA256 with an HMAC-SHA256 of
 * the raw body keyed with the account's API key, base64 as
 * https://docs.esim-go.com/api/v2_4/operations/your-usage-callback-url shows. Each threshold is
 * sent once per assignment (notified_percent, raised under a row lock). The docs describe no
 * redelivery: a callback that fails is logged and not sent again; the shop's own poll covers it.
 * Also the test control `POST /control/esims/{iccid}/usage {"usedPercent": N}`.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { findBundle } from './catalogue-store';
import { simulatedNow } from './clock';
import { type AssignmentRow, findAssignmentsOfEsim, findEsim } from './esims-repository';
import { iccidParamsSchema } from './protocol';
import { readShapes } from './settings-repository';
import { type AssignmentUsage, hasStarted, usageOf } from './usage';
import { raiseNotifiedPercent, updateUsedPercent } from './usage-callbacks-repository';

/** The used shares at which eSIM Go sends a Utilisation callback, in percent. */
export const USAGE_THRESHOLDS = [1, 50, 80, 100] as const;

export const SIGNATURE_HEADER = 'x-signature-sha256';
const DELIVERY_TIMEOUT_MS = 5_000;

/**
 * The callback body, as V3's page shows it (https://docs.esim-go.com/api/v2_4/operations/your-usage-callback-url);
 * the Notifications page shows it without `id`, `reference` and `description`
 * (https://docs.esim-go.com/api/notifications/operations/utilisation), which is the default.
 */
export interface UtilisationCallback {
  iccid: string;
  alertType: 'Utilisation';
  bundle: {
    /** The assignment's id, as GET /esims/{iccid}/bundles names it. */
    id?: string;
    reference?: string;
    name: string;
    description?: string;
    /** Bytes. */
    initialQuantity: number;
    /** Bytes. */
    remainingQuantity: number;
    startTime: string;
    endTime: string;
    unlimited: boolean;
  };
}

/** The base64 HMAC-SHA256 of the raw body, keyed with the API key. */
export function signCallbackBody(rawBody: string, apiKey: string): string {
  return createHmac('sha256', apiKey).update(rawBody).digest('base64');
}

/** The whole percent of the data used; 100 only once nothing is left. */
export function usedPercentOf(initialBytes: number, remainingBytes: number): number {
  if (initialBytes <= 0) return 0;
  if (remainingBytes <= 0) return 100;
  return Math.min(99, Math.floor(((initialBytes - remainingBytes) * 100) / initialBytes));
}

/** The highest threshold a used share has reached, or 0. */
export function thresholdReached(usedPercent: number): number {
  return USAGE_THRESHOLDS.filter((threshold) => usedPercent >= threshold).at(-1) ?? 0;
}

export interface UsageCallbacksOptions {
  db: Db;
  apiKey: string;
  /** Where callbacks go (eSIM Go's portal setting); undefined: nowhere. Asked at each send. */
  callbackUrl(): string | undefined;
  log: FastifyBaseLogger;
}

export type UsageCallbacks = ReturnType<typeof createUsageCallbacks>;

export function createUsageCallbacks(options: UsageCallbacksOptions) {
  const { db } = options;

  /**
   * Sends the callbacks this eSIM's bundles are due at `now`: for each started, fixed bundle,
   * every threshold crossed since the last one sent. Called after each usage change and read.
   */
  async function notifyCrossings(iccid: string, now: Date): Promise<void> {
    // The shape setting is read once, and only when a callback is due.
    let shape: Promise<boolean> | undefined;
    const withBundleIds = () => {
      shape ??= readShapes(db).then((shapes) => shapes.callbackBundleId === 'present');
      return shape;
    };
    const rows = await findAssignmentsOfEsim(db, iccid);
    const usage = new Map(usageOf(rows, now).map((entry) => [entry.id, entry]));
    for (const row of rows) {
      const entry = usage.get(row.id);
      if (!entry || row.revokedAt || row.initialBytes < 0 || !hasStarted(entry.state)) continue;
      const reached = thresholdReached(usedPercentOf(row.initialBytes, entry.remainingBytes));
      if (reached <= row.notifiedPercent) continue;
      const before = await raiseNotifiedPercent(db, row.id, reached);
      if (before === undefined) continue;
      for (const threshold of USAGE_THRESHOLDS) {
        if (threshold > before && threshold <= reached) {
          await deliver(callbackOf(iccid, row, entry, await withBundleIds()));
        }
      }
    }
  }

  /** Sets the used share of the bundle in use now; 400 when none is. */
  async function setUsage(iccid: string, usedPercent: number, now: Date) {
    if (!(await findEsim(db, iccid))) throw badRequest('standIn.esimNotFound', { iccid });
    const rows = await findAssignmentsOfEsim(db, iccid);
    const usage = usageOf(rows, now);
    const inUse = rows.find(
      (row) => !row.revokedAt && usage.find((entry) => entry.id === row.id)?.state === 'active',
    );
    if (!inUse) {
      throw badRequest('standIn.noBundleInUse', { iccid });
    }
    if (inUse.initialBytes < 0) {
      throw badRequest('standIn.unlimitedBundleInUse', { iccid });
    }
    await updateUsedPercent(db, inUse.id, usedPercent);
    await notifyCrossings(iccid, now);
    const after = usageOf(await findAssignmentsOfEsim(db, iccid), now).find(
      (entry) => entry.id === inUse.id,
    );
    return {
      assignmentId: String(inUse.id),
      bundle: inUse.bundleName,
      usedPercent,
      bundleState: after?.state,
      remainingQuantity: after?.remainingBytes,
    };
  }

  /** One POST, not retried: a failure is only logged. */
  async function deliver(callback: UtilisationCallback): Promise<void> {
    const url = options.callbackUrl();
    if (!url) return;
    const body = JSON.stringify(callback);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signCallbackBody(body, options.apiKey),
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) {
        options.log.warn(
          { status: response.status, iccid: callback.iccid },
          'eSIM Go simulator: the usage callback was refused',
        );
      }
    } catch (error) {
      options.log.warn(
        { err: error, iccid: callback.iccid },
        'eSIM Go simulator: the usage callback could not be delivered',
      );
    }
  }

  return { notifyCrossings, setUsage };
}

function callbackOf(
  iccid: string,
  row: AssignmentRow,
  usage: AssignmentUsage,
  withIds: boolean,
): UtilisationCallback {
  const ids = {
    id: String(row.id),
    reference: row.orderReference,
    description: findBundle(row.bundleName)?.description ?? row.bundleName,
  };
  return {
    iccid,
    alertType: 'Utilisation',
    bundle: {
      ...(withIds ? ids : {}),
      name: row.bundleName,
      initialQuantity: row.initialBytes,
      remainingQuantity: usage.remainingBytes,
      startTime: usage.startsAt.toISOString(),
      endTime: usage.expiresAt.toISOString(),
      unlimited: false,
    },
  };
}

const usageRequestSchema = z.strictObject({
  usedPercent: z.number().int().min(0).max(100),
});

/** `POST /control/esims/{iccid}/usage {"usedPercent": N}`: the traveller used N% of the bundle. */
export const usageControlRoutes: FastifyPluginAsyncZod<{ callbacks: UsageCallbacks }> = async (
  control,
  { callbacks },
) => {
  const db = control.database.db;
  control.post(
    '/esims/:iccid/usage',
    { schema: { hide: true, params: iccidParamsSchema, body: usageRequestSchema } },
    async (request) =>
      callbacks.setUsage(request.params.iccid, request.body.usedPercent, await simulatedNow(db)),
  );
};
