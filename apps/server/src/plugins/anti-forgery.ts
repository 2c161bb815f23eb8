/**
 * Double-submit anti-forgery: every visitor gets a random XSRF-TOKEN cookie, and every
 * state-changing /api request must echo it in the X-XSRF-TOKEN header. A page on another
 * site can make the browser send the cookie, but cannot read it to fill the header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, requestPath } from '../lib/request-path';
import { messageInLanguage } from './error-handler';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const antiForgeryPlugin = fp(async (app: FastifyInstance) => {
  // A plain hook, not an async one: it runs on every request, cached catalogue answers too.
  app.addHook('onRequest', (request, reply, done) => {
    const cookieToken = xsrfTokenIn(request.headers.cookie);
    if (!cookieToken) reply.header('set-cookie', newXsrfCookie(request.protocol === 'https'));
    // The routed path, not the raw URL: /%61pi/... reaches the same route as /api/...
    if (SAFE_METHODS.has(request.method) || !isApiPath(requestPath(request))) return done();
    const headerToken = request.headers[XSRF_HEADER];
    if (typeof headerToken !== 'string' || !cookieToken || !sameToken(headerToken, cookieToken)) {
      reply
        .code(403)
        .send(messageInLanguage('errorMessages.invalidAntiForgeryToken', request, reply));
      return;
    }
    done();
  });
});

/** The first XSRF-TOKEN cookie's value (browsers send the most specific path first). */
const XSRF_COOKIE_VALUE = /(?:^|;)\s*XSRF-TOKEN=([^;]*)/;

/** The XSRF-TOKEN value in a Cookie header, if it has one. */
export function xsrfTokenIn(cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader && XSRF_COOKIE_VALUE.exec(cookieHeader)?.[1]?.trim();
  return value || undefined;
}

/**
 * A Set-Cookie value with a fresh token. Not HttpOnly: the web app must read it to echo it.
 * Written by hand: it goes on every first request, and a cookie library's serialiser
 * costs more than the rest of a cached answer.
 */
export function newXsrfCookie(secure: boolean): string {
  const token = randomBytes(32).toString('base64url');
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
