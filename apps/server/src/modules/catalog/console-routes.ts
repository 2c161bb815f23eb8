/**
 * The catalogue in the operator API (issue 30): its syncs and markup for every operator, a
 * markup preview that saves nothing, and the two changes (a sync now, a new markup) for the
 * operator role only, each audited with what came of it.
 */
import {
  errorResponseSchema,
  markupPreviewSchema,
  markupSchema,
  opsCataloguePaths,
  opsCatalogueSchema,
} from '@tern/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, HttpError } from '../../errors';
import { actionBy, operatorGuard, operatorOf } from '../operators/guard';
import type { CatalogueConsole } from './console';
import { SyncAlreadyRunning } from './sync';
import { describeSync, syncAppCatalogue } from './sync-runner';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

export const catalogueConsoleRoutes: FastifyPluginAsyncZod<{
  console: CatalogueConsole;
}> = async (app, { console: catalogue }) => {
  const { audit } = app.operators.signIn;

  /** Runs a change and audits what came of it, refusals and failures included. */
  const audited = <T>(
    request: FastifyRequest,
    action: string,
    run: () => Promise<{ result: T; outcome: string }>,
  ) => audit.audited(actionBy(request, action, 'catalogue'), run);

  app.get(
    opsCataloguePaths.catalogue.pattern,
    {
      schema: { response: { 200: opsCatalogueSchema, ...refusals } },
      preHandler: operatorGuard('viewer', 'view catalogue'),
    },
    async () => catalogue.overview(),
  );

  app.post(
    opsCataloguePaths.sync.pattern,
    {
      schema: { response: { 200: opsCatalogueSchema, ...refusals } },
      preHandler: operatorGuard('operator', 'sync catalogue'),
    },
    async (request) =>
      audited(request, 'sync catalogue', async () => {
        const report = await syncNow(operatorOf(request).email);
        return { result: await catalogue.overview(), outcome: describeSync(report) };
      }),
  );

  app.post(
    opsCataloguePaths.markupPreview.pattern,
    {
      schema: { body: markupSchema, response: { 200: markupPreviewSchema, ...refusals } },
      preHandler: operatorGuard('viewer', 'preview markup'),
    },
    async (request) => catalogue.preview(request.body),
  );

  app.put(
    opsCataloguePaths.markup.pattern,
    {
      schema: { body: markupSchema, response: { 200: opsCatalogueSchema, ...refusals } },
      preHandler: operatorGuard('operator', 'save markup'),
    },
    async (request) => {
      const { percent, rounding } = request.body;
      return audited(request, `save markup (${percent}%, ${rounding})`, async () => {
        const changed = await catalogue.save(request.body, operatorOf(request).email);
        return { result: await catalogue.overview(), outcome: `${changed} prices changed` };
      });
    },
  );

  /** A sync for the operator: refused while one runs; a failure said without its insides. */
  async function syncNow(operator: string) {
    try {
      return await syncAppCatalogue(app, { requestedBy: operator });
    } catch (error) {
      if (error instanceof SyncAlreadyRunning) throw conflict('opsConsoleMessages.syncRunning');
      app.log.error({ err: error }, 'the catalogue sync asked for by an operator failed');
      throw new HttpError(502, 'opsConsoleMessages.syncFailed');
    }
  }
};
