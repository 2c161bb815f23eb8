/**
 * OpenAPI description generated from the route schemas (the contract's zod schemas),
 * served as JSON at /api/docs/json and browsable at /api/docs.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openApiPlugin = fp(async (app: FastifyInstance, options: { brandName: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${options.brandName} eSIM shop API`, version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
