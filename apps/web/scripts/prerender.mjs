#!/usr/bin/env node
/**
 * Runs after `vite build` (apps/web's build script): writes the landing, rendered by React at
 * build time (src/prerender/landing.tsx, `react-dom/static`), into the built index.html, so its first screen paints
 * from the HTML before any script has arrived; main.tsx then hydrates it (src/prerender/mount-app.tsx).
 *
 * The markup is the landing at `/` in English for a signed-out visitor, before the catalogue
 * arrives. A small inline script right after it removes it before the first paint where the
 * app would render something else (another page in the hash, a stored or browser language
 * other than English), so those pages never flash the landing; the server lists its hash in
 * the page's content security policy. Until hydrated the root is `inert`. The shop's settings
 * (brand name) stay placeholders the server fills in at start. The built index.html's .br and .gz twins and its revision in the
 * service worker's precache list are written again to match.
 *
 *   node scripts/prerender.mjs [built web folder, default dist]
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(webDir, process.argv[2] ?? 'dist');
const indexFile = path.join(distDir, 'index.html');
const ROOT = '<div id="root"></div>';

/**
 * Removes the prerendered landing before the first paint unless the app will show it: the
 * hash is the landing's and the language (the stored choice `lang`, else the first of the
 * browser's languages the shop speaks, else English, as lib/i18n/language-store.ts decides)
 * is English. On the landing, in any language, it also starts the catalogue's country list
 * (`<link rel=preload as=fetch>`, taken up by the landing's own request to /api/country/),
 * so the grid does not wait for the scripts to ask. In Arabic it starts the Arabic fonts
 * below (`arabicFonts`, their built URLs), so text is set in them from the first render
 * instead of in the stand-in and then again, with lines broken differently (the
 * sign-in's intro took three lines in DejaVu Sans, two in Noto Sans Arabic, and the form
 * under it jumped). Kept tiny and dependency-free; its hash goes into the page's CSP.
 */
export function keepOrClearScript(arabicFonts) {
  return (
    '(function(){var r=document.getElementById("root"),l,h=location.hash,s=["en","ar","fr"];' +
    'try{l=localStorage.getItem("lang")}catch(e){}' +
    'if(s.indexOf(l)<0){l="en";var p=navigator.languages||[navigator.language||""];' +
    'for(var i=0;i<p.length;i++){var t=String(p[i]).trim().split(/[-_;]/)[0].toLowerCase();' +
    'if(s.indexOf(t)>=0){l=t;break}}}' +
    'function f(u,a,y){var k=document.createElement("link");k.rel="preload";k.as=a;' +
    'if(y)k.type=y;k.crossOrigin="anonymous";k.href=u;document.head.appendChild(k)}' +
    'var a=h===""||h==="#"||h==="#/";' +
    'if(a)f("/api/country/","fetch");' +
    `if(l==="ar")${JSON.stringify(arabicFonts)}.forEach(function(u){f(u,"font","font/woff2")});` +
    'if(l!=="en"||!a){r.textContent="";r.removeAttribute("data-prerendered");r.removeAttribute("inert")}})()'
  );
}

/**
 * The Arabic fonts worth fetching before the scripts: the regular weight, the body text of
 * every page, whose lines broke differently in the stand-in. The bold one too (tried) made
 * the first paint 0.4 s later on Slow 4G for no steadier page: headings broke alike in both.
 */
const PRELOADED_ARABIC_WEIGHTS = [400];

function builtArabicFonts() {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  return PRELOADED_ARABIC_WEIGHTS.map((weight) => {
    const name = `noto-sans-arabic-arabic-${weight}-normal.woff2`;
    const entry = Object.entries(manifest).find(([source]) => source.endsWith(`/${name}`));
    if (!entry) throw new Error(`the build has no ${name} (.vite/manifest.json)`);
    return `/${entry[1].file}`;
  });
}

/** The script's CSP source expression: `'sha256-…'`. */
export function scriptHash(script) {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}

async function main() {
  if (!existsSync(indexFile)) throw new Error(`No build at ${distDir}: run vite build first`);
  const html = readFileSync(indexFile, 'utf8');
  if (!html.includes(ROOT))
    throw new Error(`${indexFile} has no empty ${ROOT} (prerendered already?)`);

  // Inside the workspace, so the server bundle's imports (react, react-router) resolve.
  const cacheDir = path.join(webDir, 'node_modules/.cache');
  mkdirSync(cacheDir, { recursive: true });
  const ssrDir = mkdtempSync(path.join(cacheDir, 'tern-prerender-'));
  try {
    await build({
      root: webDir,
      logLevel: 'warn',
      build: {
        ssr: 'src/prerender/landing.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        manifest: false,
        rolldownOptions: { output: { entryFileNames: 'landing.mjs' } },
      },
    });
    const settings = browserStandIns();
    const { renderLanding } = await import(pathToFileURL(path.join(ssrDir, 'landing.mjs')).href);
    const markup = settings.restorePlaceholders(await renderLanding());
    checkPaintsWithoutScripts(markup);
    const prerendered = html.replace(
      ROOT,
      `<div id="root" data-prerendered="landing" inert>${markup}</div><script>${keepOrClearScript(builtArabicFonts())}</script>`,
    );
    writeIndex(prerendered);
    console.log(
      `prerendered the landing into ${path.relative(process.cwd(), indexFile)} (${markup.length} characters)`,
    );
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
  // The SSR bundle's imports (react, react-router, TanStack Query) keep no handles open, but a
  // timer left by a library must not keep the build waiting.
  process.exit(0);
}

/**
 * The markup must paint the landing as it is, before and without any script: the page's
 * content security policy runs only the one inline script added here. A Suspense boundary
 * React left pending (`<!--$?-->`, its content elsewhere to be moved in by a script of
 * React's) or fell back on (`<!--$!-->`, an error) would paint the fallback instead.
 */
export function checkPaintsWithoutScripts(markup) {
  const problem = /<script\b|<!--\$[?!]-->/.exec(markup);
  if (problem) {
    throw new Error(
      `the prerendered landing needs a script to show (${problem[0]} at ${problem.index})`,
    );
  }
}

/**
 * The little of a browser the app touches while it renders: the URL (the landing, `/`), the
 * history the hash router starts from, an empty local storage (signed out, no language
 * chosen), English preferences, and index.html's settings read back as markers that become
 * the server's placeholders again.
 */
function browserStandIns() {
  const marker = (name) => `__tern_setting_${name.replaceAll('-', '_')}__`;
  const placeholders = {
    'application-name': '%BRAND_NAME%',
    'mobile-app-scheme': '%MOBILE_APP_SCHEME%',
    'app-store-url': '',
    'play-store-url': '',
  };
  const noop = () => {};
  const storage = new Map();
  const documentElement = { lang: 'en', dir: 'ltr' };
  const window = {
    location: new URL('http://localhost/'),
    history: { state: null, length: 1, pushState: noop, replaceState: noop, go: noop },
    localStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => storage.set(key, String(value)),
      removeItem: (key) => storage.delete(key),
      clear: () => storage.clear(),
    },
    matchMedia: () => ({ matches: false, addEventListener: noop, removeEventListener: noop }),
    addEventListener: noop,
    removeEventListener: noop,
    scrollTo: noop,
    innerHeight: 800,
  };
  const document = {
    documentElement,
    cookie: '',
    defaultView: window,
    title: '',
    querySelector(selector) {
      const name = /^meta\[name="([^"]+)"\]$/.exec(selector)?.[1];
      if (!name) return null;
      // Store pages unset: no badge, as in a shop without an app (decided at start otherwise).
      const content = name in placeholders && placeholders[name] === '' ? '' : marker(name);
      return { getAttribute: () => content, setAttribute: noop };
    },
    getElementById: () => null,
    addEventListener: noop,
    removeEventListener: noop,
  };
  window.document = document;
  Object.assign(globalThis, { window, document, localStorage: window.localStorage });
  if (!('navigator' in globalThis)) globalThis.navigator = { languages: ['en'], language: 'en' };
  return {
    restorePlaceholders(markup) {
      let restored = markup;
      for (const [name, placeholder] of Object.entries(placeholders)) {
        if (placeholder) restored = restored.replaceAll(marker(name), placeholder);
      }
      const left = /__tern_setting_[a-z_]+__/.exec(restored);
      if (left) throw new Error(`a setting marker was left in the markup: ${left[0]}`);
      return restored;
    },
  };
}

/** index.html, its pre-compressed twins, and its revision in the service worker's precache. */
function writeIndex(html) {
  writeFileSync(indexFile, html);
  const bytes = Buffer.from(html);
  writeFileSync(
    `${indexFile}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${indexFile}.gz`, gzipSync(bytes));
  const workerFile = path.join(distDir, 'sw.js');
  if (!existsSync(workerFile)) return;
  const revision = createHash('md5').update(bytes).digest('hex');
  const worker = readFileSync(workerFile, 'utf8');
  const entry = /\{url:"index\.html",revision:"[0-9a-f]+"\}/;
  if (!entry.test(worker)) throw new Error('sw.js lists no index.html revision to update');
  writeFileSync(workerFile, worker.replace(entry, `{url:"index.html",revision:"${revision}"}`));
}
