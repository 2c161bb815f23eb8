/**
 * What a shop's page loads from the gateway: checkout.min.js, and what that script loads in
 * turn (its stylesheet, the font the stylesheet declares, its mark, and its server's answer;
 * checkout-script.ts says why). The shop's page may be on another origin than the gateway, so
 * every one of them may be read from there: no-cors loads (script, stylesheet, image) need
 * the resource policy widened, CORS ones (the font, the call) an allowed origin. Nothing here
 * is a secret or depends on who asks, so any origin may read it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CHECKOUT_SCRIPT_PATH } from '../../integrations/gateway/browser-url';
import { checkoutMark, checkoutScript, checkoutStylesheet } from './checkout-script';
import { checkoutLibraryPaths } from './paths';

/** Noto Sans Arabic, which has the Latin letters too: a real font, a fifth of Noto Sans's size. */
const FONT_FILE = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
);
let font: Promise<Buffer> | undefined;

export const checkoutLibraryRoutes: FastifyPluginAsync = async (library) => {
  library.get(CHECKOUT_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    sendForAnyOrigin(reply, 'application/javascript; charset=utf-8', 300, checkoutScript),
  );
  library.get(
    checkoutLibraryPaths.stylesheet,
    { schema: { hide: true } },
    async (_request, reply) =>
      sendForAnyOrigin(reply, 'text/css; charset=utf-8', 3600, checkoutStylesheet),
  );
  library.get(checkoutLibraryPaths.image, { schema: { hide: true } }, async (_request, reply) =>
    sendForAnyOrigin(reply, 'image/svg+xml', 3600, checkoutMark),
  );
  library.get(checkoutLibraryPaths.font, { schema: { hide: true } }, async (_request, reply) => {
    // Read on the first request only: a shop that never shows a payment page never needs it.
    font ??= readFile(FONT_FILE);
    return sendForAnyOrigin(reply, 'font/ttf', 3600, await font);
  });
  library.get(checkoutLibraryPaths.ping, { schema: { hide: true } }, async (_request, reply) =>
    sendForAnyOrigin(reply.code(204), undefined, 0),
  );
};

function sendForAnyOrigin(
  reply: FastifyReply,
  type: string | undefined,
  maxAgeSeconds: number,
  body?: string | Buffer,
) {
  if (type) reply.type(type);
  return reply
    .header('cache-control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'no-store')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('access-control-allow-origin', '*')
    .send(body);
}
