/**
 * Double-submit anti-forgery: every visitor gets a random XSRF-TOKEN cookie, and every
 * state-changing /api request must echo it in the X-XSRF-TOKEN header. A page on another
 * site can make the browser send the cookie, but cannot read it to fill the header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { errorMessages } from '@tern/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const antiForgeryPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);

  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      // Not HttpOnly: the web app must read it to echo it. Written by hand because this
      // runs on every first request and the generic serialiser costs more than the rest.
      const secure = isHttps(request) ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${XSRF_COOKIE}=${randomBytes(32).toString('base64url')}; Path=/; SameSite=Strict${secure}`,
      );
    }
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    const headerToken = request.headers[XSRF_HEADER];
    if (typeof headerToken !== 'string' || !cookieToken || !sameToken(headerToken, cookieToken)) {
      return reply.code(403).send({ message: errorMessages.invalidAntiForgeryToken });
    }
  });
});

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
