import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompiledMessages } from './scripts/precompiled-messages';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes .br and .gz beside each text asset so the server sends them pre-compressed. */
function precompress(): Plugin {
  return {
    name: 'tern-precompress',
    apply: 'build',
    // 'post': after Vite's own generateBundle has filled in the dynamic-import preload
    // markers (__VITE_PRELOAD__); compressing earlier ships chunks that fail at run time.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (!/\.(js|css|html|svg|json)$/.test(file.fileName)) continue;
          const source = file.type === 'asset' ? file.source : file.code;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < 1024) continue;
          const brotli = brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          });
          this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: brotli });
          this.emitFile({
            type: 'asset',
            fileName: `${file.fileName}.gz`,
            source: gzipSync(bytes),
          });
        }
      },
    },
  };
}

/**
 * The zod builders the contract calls, named in full: building a schema has no side effect,
 * so a schema no page uses is left out. Never the bare name `z`, which would make every call
 * of any function named `z` in any bundled library pure and droppable where its result goes
 * unused: a library shipped minified may name one so (Preact's diff was one, decision 0027,
 * and the app rendered nothing).
 */
const zodBuilders = [
  'z.array',
  'z.boolean',
  'z.coerce.number',
  'z.discriminatedUnion',
  'z.email',
  'z.enum',
  'z.iso.datetime',
  'z.literal',
  'z.null',
  'z.number',
  'z.object',
  'z.preprocess',
  'z.strictObject',
  'z.string',
  'z.union',
  'z.unknown',
  'z.url',
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/**
 * The installable app (decision 0020): a manifest, and a service worker that precaches the
 * built shell (scripts, styles, fonts, pictures, index.html) so the shop opens offline.
 * Nothing the API answers is cached by the worker: signed-in answers must never sit in a
 * cache another account could read. main.tsx registers it, in production builds only.
 */
function installableApp() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Tern eSIM',
      short_name: 'Tern',
      description: 'Travel eSIM data plans: buy, install by QR code, and keep your install card.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f766e',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // woff2 only: every browser with service workers reads it, the .woff twins are for none.
      // The .br and .gz twins are the server's business, not the worker's.
      // The manifest and its icons are added by the plugin itself.
      globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
      // 270 flags would triple the first download; they are cached as they are shown.
      // The operators' console is never cached either: its code is the chunk of its lazy page
      // (ops-console-page-*.js, src/app/router.tsx), which only the console imports. Not a
      // codeSplitting group: a group takes its modules' dependencies along (zod, the contract),
      // and the landing then loaded the console's chunk for them (170.5 kB instead of 116).
      globIgnores: ['flags/**', 'assets/ops-*'],
      navigateFallback: '/index.html',
      // Only where the server answers with the shell (/ and /index.html, with any query; the
      // routes are in the hash): the payment return, the sandboxes' pages, the API docs and
      // QR links are the server's own pages and must reach it, or fail plainly offline.
      navigateFallbackAllowlist: [/^\/(?:index\.html)?(?:\?|$)/],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/flags/'),
          handler: 'CacheFirst',
          options: { cacheName: 'flags', expiration: { maxEntries: 300 } },
        },
      ],
    },
  });
}

export default defineConfig({
  // The copyright year the prerendered HTML shows, which hydration must render too
  // (src/lib/build-year.ts). The prerender's own build reads it again seconds later.
  define: { 'import.meta.env.TERN_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  plugins: [
    precompiledMessages({
      localesDir: path.join(here, 'src/locales'),
      moreCatalogues: /\/src\/features\/ops\/words\/[\w.-]+\.json$/,
    }),
    // React itself (decision 0031): JSX, and Fast Refresh in the dev server.
    react(),
    tailwindcss(),
    precompress(),
    installableApp(),
  ],
  server: {
    proxy: { '/api': apiTarget, '/_sandbox': apiTarget, '/esim': apiTarget, '/payment': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: what each chunk imports, read by `npm run bench:bundle`.
    manifest: true,
    // Building a zod schema has no side effect: one no page uses (the server's request
    // schemas beside the answers' in a contract file) is left out of the web's chunks.
    rolldownOptions: {
      output: {
        // The libraries every page runs on, in one chunk: the first visit fetches one file
        // instead of a dozen slivers (2.7 kB less gzipped), and a release that changes only
        // the shop's code leaves it in the browser's cache.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|react-intl|@formatjs|intl-messageformat)[\\/]/,
            },
            // The shop's own modules that the first page runs, in one chunk beside the entry:
            // left to themselves they were 15 files of 0.1-3 kB (each shared with a lazy
            // page), and on HTTP/1.1 over a slow network each costs a round trip of its own.
            // The entry (index.html and the main module it loads) stays the entry chunk.
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
            },
          ],
        },
      },
      treeshake: { manualPureFunctions: [...zodBuilders, 'textField', 'plainText', 'apiPath'] },
    },
    // SVGs stay files rather than data URLs inside the JS: cached on their own, sent
    // pre-compressed, and fetched only when shown (the setup guide has 19 of them).
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
});
