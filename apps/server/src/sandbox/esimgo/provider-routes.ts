/**
 * The eSIM Go v2.4 endpoints the shop uses, mounted at /_sandbox/esimgo/v2.4. Every call needs
 * the X-API-Key header, then passes the fault switch before it reaches its handler.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cataloguePage, findBundle } from './catalogue-store';
import { simulatedNow } from './clock';
import { appliedBundles, esimDetails, installDetails } from './esims-service';
import { installFaultHook } from './faults';
import { placeOrder } from './orders-service';
import {
  assignmentsQuerySchema,
  bundleParamsSchema,
  catalogueQuerySchema,
  type InstallDetails,
  iccidParamsSchema,
  orderRequestSchema,
} from './protocol';

export const providerRoutes: FastifyPluginAsyncZod = async (api) => {
  const expectedKey = digest(api.config.esimGo.apiKey);
  api.addHook('onRequest', async (request, reply) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !timingSafeEqual(digest(key), expectedKey)) {
      return reply.code(401).send({ message: 'Invalid or missing API key' });
    }
  });
  installFaultHook(api);
  const db = api.database.db;

  api.get(
    '/catalogue',
    { schema: { hide: true, querystring: catalogueQuerySchema } },
    async (request) => cataloguePage(request.query),
  );

  api.get(
    '/catalogue/bundle/:name',
    { schema: { hide: true, params: bundleParamsSchema } },
    async (request, reply) => {
      const bundle = findBundle(request.params.name);
      if (!bundle)
        return reply.code(400).send({ message: `Bundle ${request.params.name} not found` });
      return bundle;
    },
  );

  api.post('/orders', { schema: { hide: true, body: orderRequestSchema } }, async (request) =>
    placeOrder(db, request.body, await simulatedNow(db)),
  );

  api.get(
    '/esims/assignments',
    { schema: { hide: true, querystring: assignmentsQuerySchema } },
    async (request, reply) => {
      const details = await installDetails(db, request.query.reference);
      return wantsJson(request) ? details : sendCsv(reply, details);
    },
  );

  api.get('/esims/:iccid', { schema: { hide: true, params: iccidParamsSchema } }, async (request) =>
    esimDetails(db, request.params.iccid),
  );

  api.get(
    '/esims/:iccid/bundles',
    { schema: { hide: true, params: iccidParamsSchema } },
    async (request) => appliedBundles(db, request.params.iccid, await simulatedNow(db)),
  );
};

// Hashing first gives equal-length buffers, which timingSafeEqual needs.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

// Like eSIM Go, install details are CSV unless the client asks for JSON.
function wantsJson(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('application/json') ?? false;
}

function sendCsv(reply: FastifyReply, details: readonly InstallDetails[]): FastifyReply {
  const header = ['ICCID', 'Matching ID', 'RSP URL', 'Bundle', 'Reference'];
  const rows = details.map((row) => [
    row.iccid,
    row.matchingId,
    row.smdpAddress,
    row.bundle,
    row.reference,
  ]);
  const csv = [header, ...rows].map((cells) => cells.map(quoteCsv).join(',')).join('\n');
  return reply.type('text/csv; charset=utf-8').send(`${csv}\n`);
}

function quoteCsv(cell: string): string {
  return `"${cell.replaceAll('"', '""')}"`;
}
