/**
 * Sign-up, code validation, token validation, logout and a client's change of their own
 * details under /api/client, with the legacy /api/user paths served by the same handlers.
 * Sending a code is rate limited per e-mail address and per IP; validating codes and
 * changing details per IP.
 */
import {
  accountApiPaths,
  clientDetailsRequestSchema,
  clientLanguageRequestSchema,
  clientProfileSchema,
  errorResponseSchema,
  type Language,
  messageResponseSchema,
  pickLanguage,
  type SignupRequest,
  signInResponseSchema,
  signOutMessage,
  signupRequestSchema,
  signupResponseSchema,
  validateOtpRequestSchema,
  validateTokenRequestSchema,
  validateTokenResponseSchema,
} from '@tern/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptLanguageTags } from '../../lib/accept-language';
import { deviceOf } from '../../lib/device';
import { ONE_HOUR_MS, rateLimitGuard } from '../../lib/rate-limiter';
import { bearerToken, requireClient } from './require-client';

/** ASVS 6.5: limit how many codes one address, or one caller, can have sent. */
export const CODES_PER_EMAIL_PER_HOUR = 5;
export const CODES_PER_IP_PER_HOUR = 20;
/** Guessing is already capped at 5 tries per code; this caps spraying many addresses. */
export const CODE_CHECKS_PER_IP_PER_HOUR = 60;
/** A person changes their details now and then; a script trying names does not get far. */
export const DETAILS_CHANGES_PER_IP_PER_HOUR = 20;

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.auth;
  const sendLimit = rateLimitGuard<SignupRequest>(app.rateLimiter, [
    { name: 'code-ip', limit: CODES_PER_IP_PER_HOUR, windowMs: ONE_HOUR_MS, key: (r) => r.ip },
    {
      name: 'code-email',
      limit: CODES_PER_EMAIL_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.body.cli_email.trim().toLowerCase(),
    },
  ]);
  const checkLimit = rateLimitGuard(app.rateLimiter, [
    {
      name: 'check-ip',
      limit: CODE_CHECKS_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.ip,
    },
  ]);

  const detailsLimit = rateLimitGuard(app.rateLimiter, [
    {
      name: 'details-ip',
      limit: DETAILS_CHANGES_PER_IP_PER_HOUR,
      windowMs: ONE_HOUR_MS,
      key: (r) => r.ip,
    },
  ]);

  const current = {
    signup: accountApiPaths.signup,
    validateOtp: accountApiPaths.validateOtp,
    validateToken: accountApiPaths.validateToken,
  };
  const legacy = {
    signup: accountApiPaths.legacySignup,
    validateOtp: accountApiPaths.legacyValidateOtp,
    validateToken: accountApiPaths.legacyValidateToken,
  };
  for (const paths of [current, legacy]) {
    const hide = paths === legacy;
    const tags = ['accounts'];

    app.post(
      paths.signup.pattern,
      {
        preHandler: sendLimit,
        schema: {
          tags,
          hide,
          summary: 'Register or sign in: e-mails a 6-digit code',
          body: signupRequestSchema,
          response: { 200: signupResponseSchema, ...refusals },
        },
      },
      async (request) => service.signup(request.body, browserLanguage(request)),
    );

    app.post(
      paths.validateOtp.pattern,
      {
        preHandler: checkLimit,
        schema: {
          tags,
          hide,
          summary: 'Exchange the e-mailed code for a bearer token',
          body: validateOtpRequestSchema,
          response: { 200: signInResponseSchema, ...refusals },
        },
      },
      async (request) => service.validateOtp(request.body, deviceOf(request)),
    );

    app.post(
      paths.validateToken.pattern,
      {
        schema: {
          tags,
          hide,
          summary: 'Who a stored token signs in, or 401',
          body: validateTokenRequestSchema,
          response: { 200: validateTokenResponseSchema, ...refusals },
        },
      },
      async (request) => service.validateToken(request.body),
    );
  }

  app.post(
    accountApiPaths.logout.pattern,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Revoke the bearer token',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await service.logout(bearerToken(request) ?? '');
      return { message: signOutMessage };
    },
  );

  app.put(
    accountApiPaths.details.pattern,
    {
      preHandler: detailsLimit,
      schema: {
        tags: ['accounts'],
        summary: "Change the signed-in client's own name and mobile",
        security: [{ bearer: [] }],
        body: clientDetailsRequestSchema,
        response: { 200: clientProfileSchema, ...refusals },
      },
    },
    async (request) => service.changeDetails(await requireClient(request), request.body),
  );

  app.put(
    accountApiPaths.language.pattern,
    {
      preHandler: detailsLimit,
      schema: {
        tags: ['accounts'],
        summary: "Change the language of the signed-in client's e-mails and invoices",
        security: [{ bearer: [] }],
        body: clientLanguageRequestSchema,
        response: { 200: clientProfileSchema, ...refusals },
      },
    },
    async (request) =>
      service.changeLanguage(await requireClient(request), request.body.cli_language),
  );
};

/**
 * The language the request's Accept-Language asks for, English when it names none the shop
 * speaks; undefined when the request does not say.
 */
function browserLanguage(request: FastifyRequest): Language | undefined {
  const tags = acceptLanguageTags(request.headers['accept-language']);
  return tags.length === 0 ? undefined : pickLanguage(tags);
}
