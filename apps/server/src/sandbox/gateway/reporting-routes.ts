/**
 * The Reporting API's transaction download under /_sandbox/gateway/history (reporting.ts says
 * what it copies): Basic authentication with the reporting password, which is not the API's,
 * as `merchant.<id>` or, as Mastercard's sample scripts send it, `merchant.default`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_GATEWAY_REPORTING_PASSWORD } from '../../config';
import type { Clock } from '../../lib/clock';
import type { GatewayControls } from './controls';
import { ReportRefusal, reportColumns, transactionReport } from './reporting';

const reportTimeSchema = z
  .string()
  .regex(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/,
    'must be UTC ISO 8601: yyyy-mm-ddThh:mm:ssZ',
  )
  .transform((text) => new Date(text))
  .refine((at) => !Number.isNaN(at.getTime()), 'must be a real time');
const commaList = z.string().transform((text) => (text === '' ? [] : text.split(',')));

const paramsSchema = z.object({ version: z.literal('1'), merchantId: z.string().min(1) });
// Strict: a parameter the stand-in does not know is refused rather than silently ignored.
const querySchema = z.strictObject({
  'timeOfRecord.start': reportTimeSchema,
  'timeOfRecord.end': reportTimeSchema,
  columns: commaList.pipe(
    z.array(z.enum(reportColumns as [string, ...string[]])).min(1, 'name at least one column'),
  ),
  columnHeaders: commaList.optional(),
});

export const reportingRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  controls: GatewayControls;
}> = async (reporting, { clock, controls }) => {
  const { merchantId } = reporting.config.gateway;
  const password =
    reporting.config.gateway.reporting?.password ?? SANDBOX_GATEWAY_REPORTING_PASSWORD;
  const accepted = [`merchant.${merchantId}`, 'merchant.default'].map((user) =>
    digest(`${user}:${password}`),
  );

  reporting.addHook('onRequest', async (request, reply) => {
    if (controls.isDown(undefined)) {
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    const pathMerchant = (request.params as { merchantId?: string }).merchantId;
    const given = basicCredentials(request);
    const known =
      given !== undefined && accepted.some((one) => timingSafeEqual(digest(given), one));
    if (pathMerchant !== merchantId || !known) {
      return refuse(reply, 401, 'Authentication failed: use the reporting password').header(
        'www-authenticate',
        'Basic realm="reporting"',
      );
    }
  });
  reporting.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ReportRefusal) return refuse(reply, error.statusCode, error.message);
    const status = error.statusCode ?? 500;
    if (status < 500) return refuse(reply, 400, error.message);
    request.log.error({ err: error }, 'gateway reporting sandbox failed');
    return refuse(reply, 500, 'The reporting sandbox failed; see the shop log');
  });

  reporting.get(
    '/history/version/:version/merchant/:merchantId/transaction',
    { schema: { hide: true, params: paramsSchema, querystring: querySchema } },
    async (request, reply) => {
      const query = request.query;
      const start = query['timeOfRecord.start'];
      const end = query['timeOfRecord.end'];
      const headers = query.columnHeaders ?? [];
      if (end <= start)
        throw new ReportRefusal(400, 'timeOfRecord.end must be after timeOfRecord.start');
      if (headers.length > 0 && headers.length !== query.columns.length) {
        throw new ReportRefusal(400, 'columnHeaders must name one header per column');
      }
      // Whole seconds, as the times are written: the data reaches the end of the current second.
      const availableUntil = new Date(
        Math.ceil((clock().getTime() - controls.state().reportingLagMs) / 1000) * 1000,
      );
      const csv = await transactionReport(
        reporting.database.db,
        merchantId,
        { start, end, columns: query.columns, headers },
        availableUntil,
      );
      return reply.type('text/csv; charset=utf-8').send(csv);
    },
  );
};

function refuse(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/** `user:password` from a Basic Authorization header; undefined when there is none. */
function basicCredentials(request: FastifyRequest): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : undefined;
}

// Hashing first gives equal-length buffers, which timingSafeEqual needs.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
