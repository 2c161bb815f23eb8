/**
 * The one error handler: 4xx answers say what is wrong in words a person can act on;
 * 5xx answers say only the spec's generic sentence and the request id, and the details
 * go to the log with the request context. The words are in the language the request's
 * Accept-Language asks for (English when it names none the shop speaks): an HttpError names
 * the key of its message and the values in it, said here from ../error-texts.ts
 * (docs/decisions/0019).
 */
import type { Language } from '@tern/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { sayFieldMessage } from '../error-texts';
import { type FieldError, HttpError, sayError, type TextKey } from '../errors';
import { acceptedLanguage } from '../lib/accept-language';

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = answerLanguage(request, reply);
    const say = (key: TextKey) => sayError({ key }, language);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(fieldErrorsAnswer(error, language));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: sayError(error.said, language) });
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
      return reply.code(503).send({ message: say('errorMessages.generic'), requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: say('errorMessages.generic'), requestId: request.id });
  });
});

/**
 * Errors Fastify raises before any route or hook runs (a malformed URL such as `/%E0%A4%A`,
 * a failed route constraint): the same `{message}` shape as every other answer.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  const key = status < 500 ? 'errorMessages.invalidRequest' : 'errorMessages.generic';
  void reply.code(status).send(messageInLanguage(key, request, reply));
}

/**
 * An answer of this one message in the request's language, for the few refusals sent outside
 * the error handler (the API's 404 for an unknown path, the anti-forgery 403).
 */
export function messageInLanguage(
  key: TextKey,
  request: FastifyRequest,
  reply: FastifyReply,
): { message: string } {
  return { message: sayError({ key }, answerLanguage(request, reply)) };
}

/**
 * The language of an error answer: the first one the shop speaks in the request's
 * Accept-Language (q-values honoured), else English. The answer varies with that header.
 */
function answerLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const vary = reply.getHeader('vary');
  const varies = typeof vary === 'string' ? vary.split(',').map((name) => name.trim()) : [];
  if (!varies.some((name) => name === '*' || name.toLowerCase() === 'accept-language')) {
    reply.header('vary', [...varies, 'Accept-Language'].filter(Boolean).join(', '));
  }
  return acceptedLanguage(request.headers?.['accept-language']);
}

/**
 * A request that breaks its route's schema: each broken field with its message, the first one
 * summed up with its path. Zod's own wording (a wrong type, an unknown field) stays English.
 */
function fieldErrorsAnswer(
  error: { validation: { instancePath: string; message?: string }[]; validationContext?: string },
  language: Language,
): { message: string; errors: FieldError[] } {
  const errors = error.validation.map((issue) => ({
    path: fieldPath(error.validationContext, issue.instancePath),
    message: sayFieldMessage(issue.message ?? 'Invalid value', language),
  }));
  const first = errors[0];
  const message = first
    ? `${first.path}: ${first.message}`
    : sayError({ key: 'errorMessages.invalidRequest' }, language);
  return { message, errors };
}

function fieldPath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [context, inner].filter(Boolean).join('.');
}
