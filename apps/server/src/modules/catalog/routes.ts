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
import type { CachedAnswer } from './answer-cache';
import type { CatalogFastPath } from './fast-path';
import { sendAnswer } from './http-answer';
import { createCatalogService } from './service';

const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match is current');

export interface CatalogRoutesOptions {
  /** Answers URLs these routes have answered before, until the next sync. */
  fastPath: CatalogFastPath;
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { fastPath },
) => {
  const catalog = createCatalogService(app.database.db, {
    favourites: app.config.catalog.favourites,
    onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
  });
  app.addHook('onClose', async () => catalog.close());
  fastPath.connect(catalog, app.log);
  app.addHook('preClose', async () => fastPath.disconnect());

  /** Sends the answer, and lets the fast path give it for this URL next time. */
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: CachedAnswer | undefined,
    missing?: string,
  ) => {
    if (answer && !request.url.includes('?')) catalog.rememberUrl(request.url, answer);
    return sendAnswer(request, reply, answer, missing);
  };

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
        async (request, reply) => send(request, reply, await answer()),
      );
    }
  }

  /** A route that looks one thing up by its path parameters, and says so when it is not there. */
  const lookup = <P extends z.ZodType>(
    specPath: string,
    params: P,
    response: z.ZodType,
    find: (params: z.output<P>) => Promise<CachedAnswer | undefined>,
    missing: string,
  ) => {
    for (const [path, alias] of bothForms(specPath)) {
      app.get(
        path,
        { compress: false, schema: { ...docs(alias), params, response: found(response) } },
        async (request, reply) =>
          send(request, reply, await find(request.params as z.output<P>), missing),
      );
    }
  };

  const { countryNotFound, regionNotFound, planNotFound } = catalogErrorMessages;
  lookup(
    '/country/bundle/:id',
    idParamsSchema,
    planListSchema,
    ({ id }) => catalog.plansForCountryId(id),
    countryNotFound,
  );
  lookup(
    '/country/bundle/region/:id',
    idParamsSchema,
    planListSchema,
    ({ id }) => catalog.plansForRegionId(id),
    regionNotFound,
  );
  lookup(
    '/plan/country/:iso',
    isoParamsSchema,
    planListSchema,
    ({ iso }) => catalog.plansForCountryIso(iso),
    countryNotFound,
  );
  lookup(
    '/plan/region/:region',
    regionParamsSchema,
    planListSchema,
    ({ region }) => catalog.plansForRegionName(region),
    regionNotFound,
  );
  lookup(
    '/plan/country/roaming/:id',
    idParamsSchema,
    roamingCountryListSchema,
    ({ id }) => catalog.roamingCountries(id),
    planNotFound,
  );
};

/** The path as the spec writes it, then the same path with or without its trailing slash. */
function bothForms(path: string): [string, boolean][] {
  const alias = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return [
    [path, false],
    [alias, true],
  ];
}
