import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: { '/api': apiTarget, '/_sandbox': apiTarget, '/esim': apiTarget, '/payment': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // SVGs stay files rather than data URLs inside the JS: cached on their own, sent
    // pre-compressed, and fetched only when shown (the setup guide has 19 of them).
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
});
