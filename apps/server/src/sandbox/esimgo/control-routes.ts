/**
 * Test controls of the eSIM Go simulator, at /_sandbox/esimgo/control: move its clock, switch
 * faults on and off, and play the phone (install a profile, have used it for a while). No API
 * key: they are not eSIM Go's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advanceClock, readClock, simulatedNow, toClockState } from './clock';
import { backdateEsim, setProfileStatus } from './esims-service';
import { readFault, setFault } from './faults';
import { networkState, setAttachment } from './network';
import {
  attachmentRequestSchema,
  backdateRequestSchema,
  clockAdvanceSchema,
  faultRequestSchema,
  iccidParamsSchema,
  profileStatusRequestSchema,
  shapesRequestSchema,
} from './protocol';
import { readShapes, resetSettings, saveShapes } from './settings-repository';

const MINUTE_MS = 60_000;

export const controlRoutes: FastifyPluginAsyncZod = async (control) => {
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

  // Puts the clock back to real time and switches faults off; issued eSIMs and orders stay.
  control.post('/reset', { schema: { hide: true } }, async () => {
    await resetSettings(db);
    return { clock: toClockState(await readClock(db)), fault: await readFault(db) };
  });
};
