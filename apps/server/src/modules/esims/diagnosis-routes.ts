/**
 * The connection doctor's API: `GET /api/esim/{iccid}/diagnosis` (the verdict and the steps)
 * and `POST /api/esim/{iccid}/refresh-network` (the 'Refresh network' step), for the buyer's
 * own eSIMs only.
 */
import {
  diagnosisApiPaths,
  diagnosisSchema,
  errorResponseSchema,
  iccidParamsSchema,
  refreshNetworkResponseSchema,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/no-store';
import { requireClient } from '../auth/require-client';
import { createConnectionDoctor, RetryLaterError } from './diagnosis';
import { docs, providerReadLimit, providerRefusals } from './route-parts';

export const diagnosisRoutes: FastifyPluginAsyncZod = async (app) => {
  const doctor = createConnectionDoctor({
    provider: () => app.esimGoClient('interactive'),
    requireOwned: (clientId, iccid) => app.esims.requireOwned(clientId, iccid),
    clock: app.clock,
    log: app.log.child({ module: 'connection-doctor' }),
    rateLimiter: app.rateLimiter,
    // No APN is known to set by hand: the eSIM brings its own, so the hint is to reset to it.
    apn: null,
    countryCoverage: (bundleNames, iso) => app.catalog.countryCoverage(bundleNames, iso),
  });
  // Each diagnosis asks the provider up to three times: counted with the other eSIM reads.
  const providerLimit = providerReadLimit(app.rateLimiter);

  app.get(
    diagnosisApiPaths.diagnosis.pattern,
    {
      preHandler: providerLimit,
      schema: {
        ...docs('Why one of your eSIMs is not connecting, and what to do about it'),
        params: iccidParamsSchema,
        response: { 200: diagnosisSchema, ...providerRefusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await doctor.examine(client.id, request.params.iccid));
    },
  );

  app.post(
    diagnosisApiPaths.refreshNetwork.pattern,
    {
      preHandler: providerLimit,
      schema: {
        ...docs('Has the network drop one of your eSIMs so the phone registers again'),
        params: iccidParamsSchema,
        response: {
          200: refreshNetworkResponseSchema,
          ...providerRefusals,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      try {
        return noStore(reply).send(await doctor.refreshNetwork(client.id, request.params.iccid));
      } catch (error) {
        if (error instanceof RetryLaterError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        throw error;
      }
    },
  );
};
