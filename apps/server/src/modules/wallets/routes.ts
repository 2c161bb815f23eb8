/**
 * GET /.well-known/apple-developer-merchantid-domain-association: the file Apple reads to verify
 * the shop's domain for Apple Pay, as plain text with no redirect, 404 when none is configured.
 * It changes only with a new file and a restart, so caches may keep it a day.
 */
import { applePayDomainAssociationPath, errorResponseSchema } from '@tern/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';

const ONE_DAY_SECONDS = 86_400;

export const walletRoutes: FastifyPluginAsyncZod<{
  domainAssociation: string | undefined;
}> = async (app, { domainAssociation }) => {
  app.get(
    applePayDomainAssociationPath.pattern,
    {
      schema: {
        tags: ['wallets'],
        summary: "Apple Pay's domain-verification file for this shop's domain",
        response: { 200: z.string(), 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      if (domainAssociation === undefined) throw notFound('errorMessages.notFound');
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
        .send(domainAssociation);
    },
  );
};
