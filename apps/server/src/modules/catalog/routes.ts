/**
 * The catalogue API of spec section 7: countries, regions, plans, coverage and plan groups.
 * Answers come ready-made from the service's cache, with a strong ETag (304 on a match)
 * and a five-minute public cache lifetime. Each path answers with and without its
 * trailing slash, since older clients call both.
 */
import {
  catalogErrorMessages,
  countryListSchema,
  errorResponseSchema,
  idParamsSchema,
  isoParamsSchema,
  planGroupListSchema,
  planListSchema,
  regionListSchema,
  regionParamsSchema,
  roamingCountryListSchema,
} from '@tern/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import type { CachedAnswer, ContentCoding } from './answer-cache';
import { createCatalogService } from './service';

const CACHE_CONTROL = 'public, max-age=300';
const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match is current');

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = createCatalogService(app.database.db, {
    favourites: app.config.catalog.favourites,
    onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
  });
  app.addHook('onClose', async () => catalog.close());

  const list = <T extends z.ZodType>(schema: T) => ({ 200: schema, 304: notModified });
  const found = <T extends z.ZodType>(schema: T) => ({
    ...list(schema),
    404: errorResponseSchema,
  });
  // The docs list each path once, as the spec writes it.
  const docs = (alias: boolean) => ({ tags: ['catalog'], hide: alias });

  // Whole lists: nothing to look up, so nothing to refuse.
  const lists = [
    ['/country/', countryListSchema, catalog.countries],
    ['/country/regions/', regionListSchema, catalog.regions],
    ['/country/global/', planListSchema, catalog.globalPlans],
    ['/country/favorit/', countryListSchema, catalog.favourites],
    ['/plan/groups', planGroupListSchema, catalog.groups],
  ] as const;
  for (const [specPath, schema, answer] of lists) {
    for (const [path, alias] of bothForms(specPath)) {
      app.get(
        path,
        { compress: false, schema: { ...docs(alias), response: list(schema) } },
        async (request, reply) => sendAnswer(request, reply, await answer()),
      );
    }
  }

  for (const [path, alias] of bothForms('/country/bundle/:id')) {
    app.get(
      path,
      {
        compress: false,
        schema: {
          ...docs(alias),
          params: idParamsSchema,
          response: found(planListSchema),
        },
      },
      async (request, reply) =>
        sendAnswer(
          request,
          reply,
          await catalog.plansForCountryId(request.params.id),
          catalogErrorMessages.countryNotFound,
        ),
    );
  }
  for (const [path, alias] of bothForms('/country/bundle/region/:id')) {
    app.get(
      path,
      {
        compress: false,
        schema: {
          ...docs(alias),
          params: idParamsSchema,
          response: found(planListSchema),
        },
      },
      async (request, reply) =>
        sendAnswer(
          request,
          reply,
          await catalog.plansForRegionId(request.params.id),
          catalogErrorMessages.regionNotFound,
        ),
    );
  }
  for (const [path, alias] of bothForms('/plan/country/:iso')) {
    app.get(
      path,
      {
        compress: false,
        schema: {
          ...docs(alias),
          params: isoParamsSchema,
          response: found(planListSchema),
        },
      },
      async (request, reply) =>
        sendAnswer(
          request,
          reply,
          await catalog.plansForCountryIso(request.params.iso),
          catalogErrorMessages.countryNotFound,
        ),
    );
  }
  for (const [path, alias] of bothForms('/plan/region/:region')) {
    app.get(
      path,
      {
        compress: false,
        schema: {
          ...docs(alias),
          params: regionParamsSchema,
          response: found(planListSchema),
        },
      },
      async (request, reply) =>
        sendAnswer(
          request,
          reply,
          await catalog.plansForRegionName(request.params.region),
          catalogErrorMessages.regionNotFound,
        ),
    );
  }
  for (const [path, alias] of bothForms('/plan/country/roaming/:id')) {
    app.get(
      path,
      {
        compress: false,
        schema: {
          ...docs(alias),
          params: idParamsSchema,
          response: found(roamingCountryListSchema),
        },
      },
      async (request, reply) =>
        sendAnswer(
          request,
          reply,
          await catalog.roamingCountries(request.params.id),
          catalogErrorMessages.planNotFound,
        ),
    );
  }
};

/** The path as the spec writes it, then the same path with or without its trailing slash. */
function bothForms(path: string): [string, boolean][] {
  const alias = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return [
    [path, false],
    [alias, true],
  ];
}

/**
 * Sends a cached answer as it is: compressed copies are made once per answer (so the
 * compression plugin is off on these routes), and each coding has its own strong ETag.
 */
function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | undefined,
  missing = 'Not found',
): FastifyReply {
  if (!answer) throw notFound(missing);
  const coding = preferredCoding(request.headers['accept-encoding']);
  reply
    .header('etag', coding ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag)
    .header('cache-control', CACHE_CONTROL)
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (!coding) return reply.send(answer.bytes);
  return reply.header('content-encoding', coding).send(answer.encodedAs(coding));
}

/** br when the client takes it, else gzip, else none (identity). */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(name.toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = weights.get('*') ?? 0;
  if ((weights.get('br') ?? wildcard) > 0) return 'br';
  if ((weights.get('gzip') ?? wildcard) > 0) return 'gzip';
  return undefined;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): any coding's tag of this body matches. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(1, -1);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${base}"` || tag.startsWith(`"${base}-`);
  });
}
