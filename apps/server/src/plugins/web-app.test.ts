import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, type WebAppOptions, webAppPlugin } from './web-app';

/** The policy the app's security headers set, before the plugin adds its scripts' hashes. */
const POLICY = "default-src 'self';script-src 'self';style-src 'self'";
const webIndex = path.resolve(import.meta.dirname, '../../../web/index.html');
let distDir = '';

beforeAll(async () => {
  // The web app's own index.html, as the build copies it, placeholders and all.
  distDir = await mkdtemp(path.join(tmpdir(), 'tern-web-app-'));
  await writeFile(path.join(distDir, 'index.html'), await readFile(webIndex, 'utf8'));
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

async function servedIndex(settings: Omit<WebAppOptions, 'distDir'>): Promise<string> {
  const app = Fastify({ logger: false });
  await app.register(webAppPlugin, { distDir, ...settings });
  try {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    return response.body;
  } finally {
    await app.close();
  }
}

const meta = (html: string, name: string) =>
  new RegExp(`<meta name="${name}" content="([^"]*)" />`).exec(html)?.[1];

describe('the settings written into the page', () => {
  it('names the brand and the app scheme, and leaves the badges out when no store is set', async () => {
    const html = await servedIndex({
      brandName: 'Roam & Co',
      mobileAppScheme: 'roam',
      appStores: { appStoreUrl: undefined, playStoreUrl: undefined },
    });
    expect(meta(html, 'application-name')).toBe('Roam &amp; Co');
    expect(meta(html, 'mobile-app-scheme')).toBe('roam');
    expect(meta(html, 'app-store-url')).toBe('');
    expect(meta(html, 'play-store-url')).toBe('');
    expect(html).not.toContain('%');
  });

  it('gives the badges the configured store pages, escaped for an attribute', async () => {
    const html = await servedIndex({
      brandName: 'Tern',
      mobileAppScheme: 'tern',
      appStores: {
        appStoreUrl: 'https://apps.apple.com/app/tern/id1234567890',
        playStoreUrl: 'https://play.google.com/store/apps/details?id=com.tern&hl=en"',
      },
    });
    expect(meta(html, 'app-store-url')).toBe('https://apps.apple.com/app/tern/id1234567890');
    expect(meta(html, 'play-store-url')).toBe(
      'https://play.google.com/store/apps/details?id=com.tern&amp;hl=en&quot;',
    );
  });
});

describe("the page's own inline scripts", () => {
  const inline = 'document.getElementById("root").textContent=""';
  const sha = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
  const policy = POLICY;

  const shopServing = (indexHtml: string) =>
    shopServingFiles({ 'index.html': indexHtml, 'favicon.svg': '<svg/>' });

  it('allows an inline script of index.html by its hash, on the page only', async () => {
    const app = await shopServing(
      `<html><body><div id="root"></div><script>${inline}</script><script type="module" src="/a.js"></script></body></html>`,
    );
    const page = await app.inject('/');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' ${sha};style-src 'self'`,
    );
    const asset = await app.inject('/favicon.svg');
    expect(asset.headers['content-security-policy']).toBe(policy);
    await app.close();
  });

  it('keeps the policy as it is for a page without inline scripts', async () => {
    const app = await shopServing('<html><body><div id="root"></div></body></html>');
    expect((await app.inject('/index.html')).headers['content-security-policy']).toBe(policy);
    await app.close();
  });

  it('hashes exactly the script text between the tags', () => {
    expect(inlineScriptHashes(`<p>x</p><script>${inline}</script>`)).toEqual([sha]);
  });
});

describe('the index of the visitor’s language', () => {
  const indexIn = (language: string) =>
    `<html lang="${language}"><body><div id="root" data-lang="${language}">%BRAND_NAME%</div><script>keep()</script></body></html>`;

  const shopWithIndexes = () =>
    shopServingFiles({
      'index.html': indexIn('en'),
      'index.ar.html': indexIn('ar'),
      'index.fr.html': indexIn('fr'),
    });
  const rootLanguage = (html: string) => /data-lang="([a-z]+)"/.exec(html)?.[1];

  it('follows the browser’s languages, q-values honoured, and says it varies by them', async () => {
    const app = await shopWithIndexes();
    const arabic = await app.inject({ url: '/', headers: { 'accept-language': 'ar-LB,ar;q=0.9' } });
    expect(rootLanguage(arabic.body)).toBe('ar');
    expect(arabic.body).toContain('>Tern<');
    expect(arabic.headers.vary).toBe('Accept-Language, Cookie');
    const french = await app.inject({
      url: '/',
      headers: { 'accept-language': 'de;q=1, ar;q=0.2, fr;q=0.8' },
    });
    expect(rootLanguage(french.body)).toBe('fr');
    const none = await app.inject({ url: '/', headers: { 'accept-language': 'de, it' } });
    expect(rootLanguage(none.body)).toBe('en');
    await app.close();
  });

  it('puts the remembered choice (the lang cookie) before the browser’s, and ignores a bad one', async () => {
    const app = await shopWithIndexes();
    const chosen = await app.inject({
      url: '/',
      headers: { 'accept-language': 'ar', cookie: 'XSRF-TOKEN=abc; lang=fr' },
    });
    expect(rootLanguage(chosen.body)).toBe('fr');
    const bad = await app.inject({
      url: '/',
      headers: { 'accept-language': 'ar', cookie: 'lang=xx' },
    });
    expect(rootLanguage(bad.body)).toBe('ar');
    await app.close();
  });

  it('sends an index asked for by name as it is, varying by nothing (the worker’s copy)', async () => {
    const app = await shopWithIndexes();
    const page = await app.inject('/index.ar.html');
    expect(rootLanguage(page.body)).toBe('ar');
    expect(page.body).not.toContain('%');
    const english = await app.inject({ url: '/index.html', headers: { 'accept-language': 'ar' } });
    expect(rootLanguage(english.body)).toBe('en');
    expect(english.headers.vary).toBeUndefined();
    await app.close();
  });

  it('serves English to everyone when the build wrote only index.html', async () => {
    const page = await servedIndex({
      brandName: 'Tern',
      mobileAppScheme: 'tern',
      appStores: { appStoreUrl: undefined, playStoreUrl: undefined },
    });
    expect(page).toContain('<html lang="en">');
  });
});

/**
 * The plugin on a folder of the given files, behind a content security policy as the app sets
 * it; the folder goes with the app.
 */
async function shopServingFiles(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'tern-web-app-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  const app = Fastify({ logger: false });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('content-security-policy', POLICY);
    done();
  });
  await app.register(webAppPlugin, {
    distDir: dir,
    brandName: 'Tern',
    mobileAppScheme: 'tern',
    appStores: { appStoreUrl: undefined, playStoreUrl: undefined },
  });
  app.addHook('onClose', () => rm(dir, { recursive: true, force: true }));
  return app;
}
