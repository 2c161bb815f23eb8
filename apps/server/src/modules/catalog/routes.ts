/**
 * The catalogue API of spec section 7: countries, regions, plans, coverage and plan groups.
 * The service gives data; the app's answer cache sends it ready-made, with a strong ETag (304
 * on a match) and a five-minute public cache lifetime. Each path answers with and without its
 * trailing slash, since older clients call both. The handlers are synchronous: an answer
 * built already is sent at once (plugins/answer-cache.ts), through every hook of the app.
 */
import {
  catalogApiPaths,
  countryListSchema,
  errorResponseSchema,
  idParamsSchema,
  isoParamsSchema,
  lookalikeListSchema,
  lookalikesApiPath,
  planGroupListSchema,
  planListSchema,
  regionListSchema,
  regionParamsSchema,
  roamingCountryListSchema,
} from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TextKey } from '../../errors';
import { cachedAnswerRouteOptions } from '../../lib/answer-replies';
import type { Ready } from './snapshot-cache';

const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match is current');

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app;

  const list = <T extends z.ZodType>(schema: T) => ({ 200: schema, 304: notModified });
  const found = <T extends z.ZodType>(schema: T) => ({
    ...list(schema),
    404: errorResponseSchema,
  });
  // The docs list each path once, as the spec writes it.
  const docs = (alias: boolean) => ({ tags: ['catalog'], hide: alias });

  // Whole lists: nothing to look up, so nothing to refuse.
  const lists = [
    [catalogApiPaths.countries, countryListSchema, catalog.countries],
    [catalogApiPaths.regions, regionListSchema, catalog.regions],
    [catalogApiPaths.globalPlans, planListSchema, catalog.globalPlans],
    [catalogApiPaths.favouriteCountries, countryListSchema, catalog.favourites],
    [catalogApiPaths.planGroups, planGroupListSchema, catalog.groups],
  ] as const;
  for (const [specPath, schema, answer] of lists) {
    for (const [path, alias] of bothForms(specPath.pattern)) {
      app.get(
        path,
        { ...cachedAnswerRouteOptions, schema: { ...docs(alias), response: list(schema) } },
        (_request, reply) => reply.sendAnswer(answer()),
      );
    }
  }

  /** A route that looks one thing up by its path parameters, and says so when it is not there. */
  const lookup = <P extends z.ZodType>(
    specPath: { pattern: string },
    params: P,
    response: z.ZodType,
    find: (params: z.output<P>) => Ready<object | undefined>,
    missing: TextKey,
  ) => {
    for (const [path, alias] of bothForms(specPath.pattern)) {
      app.get(
        path,
        {
          ...cachedAnswerRouteOptions,
          schema: { ...docs(alias), params, response: found(response) },
        },
        (request, reply) => reply.sendAnswer(find(request.params as z.output<P>), missing),
      );
    }
  };

  lookup(
    catalogApiPaths.countryPlansById,
    idParamsSchema,
    planListSchema,
    ({ id }) => catalog.plansForCountryId(id),
    'catalogErrorMessages.countryNotFound',
  );
  lookup(
    catalogApiPaths.regionPlansById,
    idParamsSchema,
    planListSchema,
    ({ id }) => catalog.plansForRegionId(id),
    'catalogErrorMessages.regionNotFound',
  );
  lookup(
    catalogApiPaths.countryPlans,
    isoParamsSchema,
    planListSchema,
    ({ iso }) => catalog.plansForCountryIso(iso),
    'catalogErrorMessages.countryNotFound',
  );
  lookup(
    catalogApiPaths.regionPlans,
    regionParamsSchema,
    planListSchema,
    ({ region }) => catalog.plansForRegionName(region),
    'catalogErrorMessages.regionNotFound',
  );
  // Issue 31: the countries a traveller buying this one may have meant.
  lookup(
    lookalikesApiPath,
    isoParamsSchema,
    lookalikeListSchema,
    ({ iso }) => catalog.lookalikes(iso),
    'catalogErrorMessages.countryNotFound',
  );
  lookup(
    catalogApiPaths.planCoverage,
    idParamsSchema,
    roamingCountryListSchema,
    ({ id }) => catalog.roamingCountries(id),
    'catalogErrorMessages.planNotFound',
  );
};

/**
 * The path as the spec writes it, then the same path with or without its trailing slash.
 * Not Fastify's `ignoreTrailingSlash`: it applies to every route and strips the slash before
 * matching, so `/api/ledger/public/client/` (an empty e-mail) answered 404 instead of the
 * spec's 400 "Client email is required" (issue 28).
 */
function bothForms(path: string): [string, boolean][] {
  const alias = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return [
    [path, false],
    [alias, true],
  ];
}
