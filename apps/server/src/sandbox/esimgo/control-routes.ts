/**
 * Test controls of the eSIM Go simulator, at /_sandbox/esimgo/control: move its clock, switch
 * faults on and off, set its rate limit, and play the phone (install a profile, have used it
 * for a while). No API key and no rate limit: they are not eSIM Go's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { advanceClock, readClock, simulatedNow, toClockState } from './clock';
import { backdateEsim, setProfileStatus } from './esims-service';
import { readFault, setFault } from './faults';
import { networkState, setAttachment } from './network';
import {
  attachmentRequestSchema,
  backdateRequestSchema,
  catalogueChangesRequestSchema,
  clockAdvanceSchema,
  faultRequestSchema,
  iccidParamsSchema,
  profileStatusRequestSchema,
  rateLimitRequestSchema,
  shapesRequestSchema,
} from './protocol';
import { DEFAULT_CALLS_PER_SECOND, type ProviderRateLimit } from './rate-limit';
import {
  readCatalogueChanges,
  readOrganisation,
  readShapes,
  resetSettings,
  saveCatalogueChanges,
  saveOrganisation,
  saveShapes,
} from './settings-repository';

const balanceRequestSchema = z.strictObject({
  balance: z.number().min(0).max(1e9).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

async function balanceState(db: Db) {
  const { balanceCents, currency } = await readOrganisation(db);
  return { balance: balanceCents / 100, currency };
}

const MINUTE_MS = 60_000;

export const controlRoutes: FastifyPluginAsyncZod<{ rateLimit: ProviderRateLimit }> = async (
  control,
  { rateLimit },
) => {
  const db = control.database.db;

  control.get('/clock', { schema: { hide: true } }, async () => toClockState(await readClock(db)));

  control.post(
    '/clock/advance',
    { schema: { hide: true, body: clockAdvanceSchema } },
    async (request) => {
      const minutes = (request.body.hours ?? 0) * 60 + (request.body.minutes ?? 0);
      return advanceClock(db, Math.round(minutes * MINUTE_MS));
    },
  );

  control.get('/faults', { schema: { hide: true } }, async () => readFault(db));

  control.post('/faults', { schema: { hide: true, body: faultRequestSchema } }, async (request) =>
    setFault(db, request.body),
  );

  // The provider API's limit per client IP and second; null: none (see rate-limit.ts).
  control.get('/rate-limit', { schema: { hide: true } }, async () => rateLimit.state());
  control.post(
    '/rate-limit',
    { schema: { hide: true, body: rateLimitRequestSchema } },
    async (request) => rateLimit.set(request.body.perSecond),
  );

  control.get('/shapes', { schema: { hide: true } }, async () => readShapes(db));

  control.post('/shapes', { schema: { hide: true, body: shapesRequestSchema } }, async (request) =>
    saveShapes(db, request.body),
  );

  control.post(
    '/esims/:iccid/status',
    { schema: { hide: true, params: iccidParamsSchema, body: profileStatusRequestSchema } },
    async (request) =>
      setProfileStatus(
        db,
        request.params.iccid,
        request.body.profileStatus,
        await simulatedNow(db),
      ),
  );

  // Plays a traveller who has used this eSIM for longer: its bundles move into the past, while
  // the clock (which the shop's own time does not follow) stays put for every other eSIM.
  control.post(
    '/esims/:iccid/backdate',
    { schema: { hide: true, params: iccidParamsSchema, body: backdateRequestSchema } },
    async (request) =>
      backdateEsim(db, request.params.iccid, request.body.hours, await simulatedNow(db)),
  );

  // Plays the phone attaching to a network abroad, or to none (the connection doctor's cases).
  control.post(
    '/esims/:iccid/attachment',
    { schema: { hide: true, params: iccidParamsSchema, body: attachmentRequestSchema } },
    async (request) =>
      setAttachment(db, request.params.iccid, request.body, await simulatedNow(db)),
  );

  control.get(
    '/esims/:iccid/attachment',
    { schema: { hide: true, params: iccidParamsSchema } },
    async (request) => networkState(db, request.params.iccid),
  );

  // The organisation's prepaid balance (in its currency's major unit) and its currency, as
  // GET /organisation reports them: a purchase draws on the balance, an inventory refund
  // credits it.
  control.get('/balance', { schema: { hide: true } }, async () => balanceState(db));
  control.post(
    '/balance',
    { schema: { hide: true, body: balanceRequestSchema } },
    async (request) => {
      const { balance, currency } = request.body;
      await saveOrganisation(db, {
        ...(balance === undefined ? {} : { balanceCents: Math.round(balance * 100) }),
        ...(currency === undefined ? {} : { currency }),
      });
      return balanceState(db);
    },
  );

  // The catalogue as the provider changed it: withdrawn bundles, new prices, and bundles
  // from another network provider that no eSIM so far can take (compatibility.ts).
  control.get('/catalogue-changes', { schema: { hide: true } }, async () =>
    readCatalogueChanges(db),
  );
  control.post(
    '/catalogue-changes',
    { schema: { hide: true, body: catalogueChangesRequestSchema } },
    async (request) => saveCatalogueChanges(db, request.body),
  );

  // Puts the clock back to real time, switches faults off and the rate limit back to eSIM Go's;
  // issued eSIMs and orders stay.
  control.post('/reset', { schema: { hide: true } }, async () => {
    await resetSettings(db);
    rateLimit.set(DEFAULT_CALLS_PER_SECOND);
    return { clock: toClockState(await readClock(db)), fault: await readFault(db) };
  });
};
