/**
 * The eSIM Go v2.4 endpoints the shop uses, mounted at /_sandbox/esimgo/v2.4. Every call counts
 * against the rate limit, needs the X-API-Key header, then passes the fault switch before it
 * reaches its handler.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bundleOnSale, cataloguePage } from './catalogue-store';
import { simulatedNow } from './clock';
import { compatibilityRoutes } from './compatibility';
import { appliedBundles, esimDetails, installDetails } from './esims-service';
import { faultOf, installFaultHook, sendProcessing } from './faults';
import { inventoryRoutes } from './inventory';
import { esimLocation, refreshEsim } from './network';
import { listOrders, orderDetail } from './order-lookups';
import { placeOrder } from './orders-service';
import {
  assignmentsQuerySchema,
  bundleParamsSchema,
  catalogueQuerySchema,
  esimBundlesQuerySchema,
  type InstallDetails,
  iccidParamsSchema,
  orderReferenceParamsSchema,
  orderRequestSchema,
  ordersListQuerySchema,
} from './protocol';
import { installRateLimitHook, type ProviderRateLimit } from './rate-limit';
import { revocationRoutes } from './revocation';
import { readCatalogueChanges, readShapes } from './settings-repository';
import type { UsageCallbacks } from './usage-callbacks';

export const providerRoutes: FastifyPluginAsyncZod<{
  callbacks: UsageCallbacks;
  rateLimit: ProviderRateLimit;
}> = async (api, { callbacks, rateLimit }) => {
  installRateLimitHook(api, rateLimit);
  const expectedKey = digest(api.config.esimGo.apiKey);
  api.addHook('onRequest', async (request, reply) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !timingSafeEqual(digest(key), expectedKey)) {
      // 403 with a message, on every endpoint: "Unauthorised - returned when the api token is
      // invalid". https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get
      return reply.code(403).send({ message: 'Unauthorised: invalid or missing API key' });
    }
  });
  installFaultHook(api);
  const db = api.database.db;
  // DELETE /esims/{iccid}/bundles/{name}[/assignments/{id}], behind the key check and faults.
  await api.register(revocationRoutes);
  await api.register(inventoryRoutes);
  await api.register(compatibilityRoutes);

  api.get(
    '/catalogue',
    { schema: { hide: true, querystring: catalogueQuerySchema } },
    async (request) => cataloguePage(request.query, await readCatalogueChanges(db)),
  );

  api.get(
    '/catalogue/bundle/:name',
    { schema: { hide: true, params: bundleParamsSchema } },
    async (request, reply) => {
      const bundle = bundleOnSale(request.params.name, await readCatalogueChanges(db));
      if (!bundle)
        return reply.code(400).send({ message: `Bundle ${request.params.name} not found` });
      return bundle;
    },
  );

  // An order may complete later ("please allow for up to 10 minutes"), which the async fault
  // plays, and POST /orders documents 503 "Processing" with Retry-After:
  // https://docs.esim-go.com/api/v2_4/operations/orders/post. The processingAfterOrder fault
  // makes the order and then answers that 503; the order is listed only once it completes, so
  // a client that looks it up at once finds nothing and would buy a second time. The
  // failedOrder fault takes the order as processing and fails it after its delay.
  api.post(
    '/orders',
    { schema: { hide: true, body: orderRequestSchema } },
    async (request, reply) => {
      const fault = faultOf(request);
      const afterOrder = fault?.faultMode === 'processingAfterOrder';
      const fails = fault?.faultMode === 'failedOrder';
      const later = fault?.faultMode === 'async' || afterOrder || fails;
      const placed = await placeOrder(db, request.body, await simulatedNow(db), {
        asyncDelayMs: later ? fault.asyncDelayMs : undefined,
        unlisted: afterOrder,
        fails,
      });
      if (afterOrder && request.body.type !== 'validate') {
        return sendProcessing(reply, fault.retryAfterSeconds);
      }
      return placed;
    },
  );

  api.get(
    '/orders',
    { schema: { hide: true, querystring: ordersListQuerySchema } },
    async (request) => {
      const page = await listOrders(db, request.query, await simulatedNow(db));
      return (await readShapes(db)).ordersList === 'bare' ? page.orders : page;
    },
  );

  api.get(
    '/orders/:orderReference',
    { schema: { hide: true, params: orderReferenceParamsSchema } },
    async (request) => orderDetail(db, request.params.orderReference, await simulatedNow(db)),
  );

  // https://docs.esim-go.com/api/v2_4/operations/esimsassignments/get
  api.get(
    '/esims/assignments',
    { schema: { hide: true, querystring: assignmentsQuerySchema } },
    async (request, reply) => {
      const answer = await installDetails(db, request.query.reference, await simulatedNow(db));
      if (!answer.ready) return sendProcessing(reply, answer.retryAfterSeconds);
      if (!wantsJson(request)) return sendCsv(reply, answer.details);
      const [only] = answer.details;
      const asObject = (await readShapes(db)).installDetails === 'object';
      return asObject && only && answer.details.length === 1 ? only : answer.details;
    },
  );

  api.get('/esims/:iccid', { schema: { hide: true, params: iccidParamsSchema } }, async (request) =>
    esimDetails(db, request.params.iccid),
  );

  api.get(
    '/esims/:iccid/bundles',
    { schema: { hide: true, params: iccidParamsSchema, querystring: esimBundlesQuerySchema } },
    async (request) => {
      const now = await simulatedNow(db);
      const answer = await appliedBundles(db, request.params.iccid, now, request.query);
      // Usage moves with the clock; a threshold it crossed since the last look is called back.
      await callbacks.notifyCrossings(request.params.iccid, now);
      return answer;
    },
  );

  api.get(
    '/esims/:iccid/location',
    { schema: { hide: true, params: iccidParamsSchema } },
    async (request) => esimLocation(db, request.params.iccid),
  );

  api.get(
    '/esims/:iccid/refresh',
    { schema: { hide: true, params: iccidParamsSchema } },
    async (request) => refreshEsim(db, request.params.iccid, await simulatedNow(db)),
  );
};

/**
 * The failedOrder fault, taken by the handler rather than the fault hook: only a transaction
 * may fail, and only the parsed body tells a transaction from a validation.
 */
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
