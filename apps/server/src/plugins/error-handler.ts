/**
 * The one error handler: 4xx answers say what is wrong in words a person can act on;
 * 5xx answers say only the spec's generic sentence and the request id, and the details
 * go to the log with the request context.
 */
import { errorMessages } from '@tern/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
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
    if (isDatabaseUnavailable(error)) {
      // The database is away (terminated, restarting, failing over): this request fails, the
      // pool opens new connections, and the next request may well succeed.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ message: errorMessages.generic, requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: errorMessages.generic, requestId: request.id });
  });
});

/**
 * Errors Fastify raises before any route or hook runs (a malformed URL such as `/%E0%A4%A`,
 * a failed route constraint): the same `{message}` shape as every other answer.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  const message = status < 500 ? errorMessages.invalidRequest : errorMessages.generic;
  void reply.code(status).send({ message });
}

function fieldPath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [context, inner].filter(Boolean).join('.');
}

function summarise(errors: FieldError[]): string {
  const first = errors[0];
  return first ? `${first.path}: ${first.message}` : errorMessages.invalidRequest;
}
