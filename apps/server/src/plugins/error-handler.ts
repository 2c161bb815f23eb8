/**
 * The one error handler: 4xx answers say what is wrong in words a person can act on;
 * 5xx answers say only the spec's generic sentence and the request id, and the details
 * go to the log with the request context.
 */
import { errorMessages } from '@tern/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldError, HttpError } from '../errors';

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        path: fieldPath(error.validationContext, issue.instancePath),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: summarise(errors), errors });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(
          error.errors
            ? { message: error.message, errors: error.errors }
            : { message: error.message },
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: errorMessages.generic, requestId: request.id });
  });
});

function fieldPath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [context, inner].filter(Boolean).join('.');
}

function summarise(errors: FieldError[]): string {
  const first = errors[0];
  return first ? `${first.path}: ${first.message}` : errorMessages.invalidRequest;
}
