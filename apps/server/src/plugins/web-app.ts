/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is never
 * cached, so a new release shows at the next visit. Assets are compressed at build time
 * (brotli and gzip beside each file) and sent pre-compressed. The settings the page reads
 * (brand name, mobile app scheme, the app's store pages) are written into index.html at start.
 * The build prerenders the first pages once per language (apps/web/scripts/prerender.mjs:
 * `index.html` in English, `index.ar.html`, `index.fr.html`); `/` sends the one of the
 * visitor's language, as the web app will choose it: the choice it remembered (the `lang`
 * cookie it writes beside local storage), else the browser's Accept-Language, else English.
 * Each index may carry inline scripts of the build's own (the keep-or-clear check): its
 * answer's content security policy allows exactly those, by their SHA-256, and nothing else
 * inline.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLanguage, type Language, languages } from '@tern/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedLanguage } from '../lib/accept-language';

const ONE_YEAR_SECONDS = 31_536_000;

export interface WebAppOptions {
  distDir: string;
  brandName: string;
  /** Where payment-redirect hands a mobile payment back to the app: `{scheme}://payment/…`. */
  mobileAppScheme: string;
  /** The footer's app-store badges link here; a badge without an address is not shown. */
  appStores: { appStoreUrl: string | undefined; playStoreUrl: string | undefined };
}

export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  // These are configuration, not build input: put them into the pages once, at start.
  const fillSettings = (html: string) =>
    html
      .replaceAll('%BRAND_NAME%', escapeHtml(options.brandName))
      .replaceAll('%MOBILE_APP_SCHEME%', escapeHtml(options.mobileAppScheme))
      .replaceAll('%APP_STORE_URL%', escapeHtml(options.appStores.appStoreUrl ?? ''))
      .replaceAll('%PLAY_STORE_URL%', escapeHtml(options.appStores.playStoreUrl ?? ''));
  const indexes = new Map<Language, string>();
  for (const language of languages) {
    const file = path.join(options.distDir, indexFileName(language));
    if (existsSync(file)) indexes.set(language, fillSettings(readFileSync(file, 'utf8')));
  }
  const englishIndex = indexes.get('en');
  if (englishIndex === undefined) {
    app.log.warn(
      `No web build at ${options.distDir}; run "npm run build" to serve the shop's pages`,
    );
    return;
  }

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader(
        'cache-control',
        immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600',
      );
    },
  });

  const allowInlineScripts = scriptSourcesAdder([
    ...new Set([...indexes.values()].flatMap(inlineScriptHashes)),
  ]);
  const sendIndex = (reply: FastifyReply, html: string) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', allowInlineScripts(policy));
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  const sendVisitorsIndex = (request: FastifyRequest, reply: FastifyReply) => {
    // A cache in between must keep one copy per language.
    reply.header('vary', 'Accept-Language, Cookie');
    return sendIndex(reply, indexes.get(visitorLanguage(request)) ?? englishIndex);
  };
  app.get('/', { schema: { hide: true } }, sendVisitorsIndex);
  // Asked for by name, an index is that one, its settings filled in too, varying by nothing:
  // the service worker precaches /index.html for offline visits, and a copy kept with
  // `Vary: Cookie` matched no later navigation once a cookie had changed (offline: ERR_FAILED).
  for (const [language, html] of indexes) {
    app.get(`/${indexFileName(language)}`, { schema: { hide: true } }, (_request, reply) =>
      sendIndex(reply, html),
    );
  }
});

/** `index.html` for English, `index.ar.html` and so on (apps/web/scripts/prerender.mjs). */
function indexFileName(language: Language): string {
  return language === 'en' ? 'index.html' : `index.${language}.html`;
}

/** The `lang` cookie the web app writes when a language is chosen (lib/i18n/language-store.ts). */
const LANGUAGE_COOKIE = /(?:^|;)\s*lang=([^;]*)/;

/** The language the web app will show: the remembered choice, else the browser's. */
export function visitorLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const chosen = LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1]?.trim();
  if (isLanguage(chosen)) return chosen;
  return acceptedLanguage(request.headers['accept-language']);
}

/** `'sha256-…'` of each inline `<script>` (one without attributes) in the page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** A policy with `sources` added to its script-src (remembered: the policies are few). */
function scriptSourcesAdder(sources: readonly string[]): (policy: string) => string {
  const made = new Map<string, string>();
  return (policy) => {
    if (sources.length === 0) return policy;
    let widened = made.get(policy);
    if (widened === undefined) {
      widened = policy.replace(
        /(^|;)\s*script-src ([^;]*)/,
        (_match, start: string, existing: string) =>
          `${start}script-src ${existing} ${sources.join(' ')}`,
      );
      made.set(policy, widened);
    }
    return widened;
  };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
