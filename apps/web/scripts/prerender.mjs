#!/usr/bin/env node
/**
 * Runs after `vite build` (apps/web's build script): writes the pages a traveller opens first,
 * rendered by React at build time (src/prerender/pages.tsx, `react-dom/static`), into the
 * built index, so their first screen paints from the HTML before any script has arrived;
 * main.tsx then hydrates it (src/prerender/mount-app.tsx).
 *
 * One index per language (`index.html` in English, `index.ar.html`, `index.fr.html`; the
 * server sends the one of the visitor's stored or browser language): the landing at `/` in
 * the root, and the first screen of sign-in and the FAQ as text beside it, each as a
 * signed-out visitor sees it before any answer from the server. A small inline script right
 * after them, the same in every index, puts the page the address names into the root,
 * or clears the root where the app would render something else (another page, another
 * stored language), before the first paint, so those pages never flash the wrong one; the
 * server lists its hash in the page's content security policy. Until hydrated the root is
 * `inert`. The shop's settings (brand name) stay placeholders the server fills in at start.
 * Each index's .br and .gz twins are written again to match, and the English one's revision
 * in the service worker's precache list (the one a visitor offline is given).
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
/** The shop's languages (@tern/contract's `languages`), each with an index of its own. */
const LANGUAGES = ['en', 'ar', 'fr'];

/**
 * Keeps, swaps or clears the prerendered root before the first paint, and asks early for what
 * the page will need. The language the app will show (the stored choice `lang`, else the first
 * of the browser's languages the shop speaks, else English, as lib/i18n/language-store.ts
 * decides) must be the index's own (`data-lang`), and the hash one of `pages`
 * (src/prerender/prerendered-page.ts): the landing stays, another page's markup replaces it;
 * anything else clears the root.
 *
 * What it starts before the scripts would ask, so it arrives beside them instead of after:
 * - the page's code (`modules`, by the hash's path: its chunks, as `modulepreload`; see
 *   EARLY_PAGES), and the words it waits for (`words`, by language; the landing in English
 *   needs none);
 * - the data the page opens with: the landing's country list, plan details' plans and plan
 *   groups (`<link rel=preload as=fetch>`, taken up by the page's own requests, the URLs as
 *   @tern/contract's catalogApiPaths write them);
 * - in Arabic, the Arabic text font (`fonts`, their built URLs), so it can be there in time
 *   (styles.css, font-display: optional).
 * Kept small and dependency-free; its hash goes into the page's CSP.
 */
export function keepOrClearScript({ pages, modules, words, fonts }) {
  return (
    '(function(){var r=document.getElementById("root"),v=r.getAttribute("data-lang")||"en",' +
    `l,h=location.hash,s=["en","ar","fr"],g=${JSON.stringify(pages)},n="",t;` +
    'try{l=localStorage.getItem("lang")}catch(e){}' +
    'if(s.indexOf(l)<0){l="en";var p=navigator.languages||[navigator.language||""];' +
    'for(var i=0;i<p.length;i++){var w=String(p[i]).trim().split(/[-_;]/)[0].toLowerCase();' +
    'if(s.indexOf(w)>=0){l=w;break}}}' +
    'function f(u,a,y){var k=document.createElement("link");if(a){k.rel="preload";k.as=a}' +
    'else k.rel="modulepreload";if(y)k.type=y;k.crossOrigin="anonymous";k.href=u;' +
    'document.head.appendChild(k)}' +
    'for(var k in g)if(g[k].indexOf(h)>=0)n=k;' +
    'var q=h.split("?")[0];if(q===""||q==="#")q="#/";' +
    `(${JSON.stringify(modules)}[q]||[]).forEach(function(u){f(u)});` +
    `if(l!=="en"||q!=="#/")(${JSON.stringify(words)}[l]||[]).forEach(function(u){f(u)});` +
    'if(n==="landing")f("/api/country/","fetch");' +
    'if(q==="#/plan-details"){var u=new URLSearchParams(h.slice(q.length+1)),d=u.get("data")||"",x;' +
    'if(u.get("planType")==="Countries"){try{x=JSON.parse(d).cou_iso}catch(e){}' +
    'if(/^[A-Za-z]{2}$/.test(x||""))f("/api/plan/country/"+x.toUpperCase(),"fetch")}' +
    'else if(d)f("/api/plan/region/"+encodeURIComponent(d),"fetch");f("/api/plan/groups","fetch")}' +
    `if(l==="ar")${JSON.stringify(fonts)}.forEach(function(u){f(u,"font","font/woff2")});` +
    'if(l===v&&n&&n!=="landing")t=document.getElementById("prerendered-"+n);' +
    'if(t){r.innerHTML=t.textContent;r.setAttribute("data-prerendered",n)}' +
    'else if(l!==v||n!=="landing"){r.textContent="";r.removeAttribute("data-prerendered");' +
    'r.removeAttribute("data-lang");r.removeAttribute("inert")}})()'
  );
}

/**
 * The pages whose code the inline script starts early, by the hash path that opens them: the
 * entry pages a traveller arrives on from outside (a shared link, a search, the app). Not the
 * landing: its chunk is asked for by the app before hydrating (mount-app.tsx), and started by
 * the inline script it would count in the landing's initial JavaScript (bench:bundle's budget).
 */
const EARLY_PAGES = {
  '#/plan-details': 'src/features/catalog/routes/plan-details-page.tsx',
  '#/sign-in': 'src/features/auth/routes/sign-in-page.tsx',
  '#/faq': 'src/features/help/routes/faq-page.tsx',
};

/**
 * From the build's manifest: each early page's chunks, and each language's word chunks (the
 * rest of English, which every language completes, plus the language's own), as URLs;
 * without what index.html already loads.
 */
export function earlyModules(manifest) {
  const entry = manifest['index.html'];
  const loaded = new Set(['index.html', ...(entry?.imports ?? [])]);
  const urlsOf = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || loaded.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) {
      if (!manifest[key]) throw new Error(`the build's manifest has no ${key}`);
      visit(key);
    }
    return [...seen].map((key) => `/${manifest[key].file}`);
  };
  const modules = Object.fromEntries(
    Object.entries(EARLY_PAGES).map(([hash, source]) => [hash, urlsOf([source])]),
  );
  const restOfEnglish = 'src/locales/en/later.ts';
  const words = Object.fromEntries(
    LANGUAGES.map((language) => {
      const own = Object.keys(manifest).filter(
        (key) => key.startsWith(`src/locales/${language}/`) && key.endsWith('.json'),
      );
      return [language, urlsOf([restOfEnglish, ...own])];
    }),
  );
  return { modules, words };
}

/**
 * The Arabic fonts worth fetching before the scripts: the regular weight, the body text of
 * every page, whose lines broke differently in the stand-in. The bold one too (tried) made
 * the first paint 0.4 s later on Slow 4G for no steadier page: headings broke alike in both.
 */
const PRELOADED_ARABIC_WEIGHTS = [400];

function builtArabicFonts(manifest) {
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
        ssr: 'src/prerender/pages.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        manifest: false,
        rolldownOptions: { output: { entryFileNames: 'pages.mjs' } },
      },
    });
    const settings = browserStandIns();
    const { renderPage, prerenderedPages } = await import(
      pathToFileURL(path.join(ssrDir, 'pages.mjs')).href
    );
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
    const script = keepOrClearScript({
      pages: prerenderedPages,
      ...earlyModules(manifest),
      fonts: builtArabicFonts(manifest),
    });
    for (const language of LANGUAGES) {
      const markups = {};
      for (const page of Object.keys(prerenderedPages)) {
        const markup = settings.restorePlaceholders(await renderPage(page, language));
        checkPaintsWithoutScripts(markup, `${page} (${language})`);
        markups[page] = markup;
      }
      const file = indexFileOf(language);
      writeIndex(file, prerenderedIndex(html, language, markups, script));
      const sizes = Object.entries(markups).map(([page, markup]) => `${page} ${markup.length}`);
      console.log(
        `prerendered into ${path.relative(process.cwd(), file)}: ${sizes.join(', ')} characters`,
      );
    }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
  // The SSR bundle's imports (react, react-router, TanStack Query) keep no handles open, but a
  // timer left by a library must not keep the build waiting.
  process.exit(0);
}

/** `index.html` for English, `index.ar.html` and so on for the others (web-app.ts reads them). */
function indexFileOf(language) {
  return language === 'en' ? indexFile : path.join(distDir, `index.${language}.html`);
}

/**
 * The built page with the language on `<html>` and the landing in the root; every other
 * page as the text of a `<script type="text/html">` the inline script can put in the root;
 * then the script. Text, not a `<template>`: the browser builds a template's nodes while it
 * parses the page, on every visit: the two pages' nodes made the English landing's own task
 * 390-410 ms long (Lighthouse, calibrated CPU; 160-245 ms as text). A script of another type
 * is neither parsed into nodes nor run, and the page's script refusals (CSP) do not concern
 * it. checkPaintsWithoutScripts keeps `</script` out of the markup.
 */
export function prerenderedIndex(html, language, markups, script) {
  const { landing, ...others } = markups;
  const otherPages = Object.entries(others)
    .map(([page, markup]) => `<script type="text/html" id="prerendered-${page}">${markup}</script>`)
    .join('');
  const root =
    `<div id="root" data-prerendered="landing" data-lang="${language}" inert>${landing}</div>` +
    `${otherPages}<script>${script}</script>`;
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return html
    .replace('<html lang="en">', () => `<html lang="${language}" dir="${dir}">`)
    .replace(ROOT, () => root);
}

/**
 * The markup must paint the landing as it is, before and without any script: the page's
 * content security policy runs only the one inline script added here. A Suspense boundary
 * React left pending (`<!--$?-->`, its content elsewhere to be moved in by a script of
 * React's) or fell back on (`<!--$!-->`, an error) would paint the fallback instead.
 */
export function checkPaintsWithoutScripts(markup, name = 'landing') {
  const problem = /<script\b|<!--\$[?!]-->/.exec(markup);
  if (problem) {
    throw new Error(
      `the prerendered ${name} needs a script to show (${problem[0]} at ${problem.index})`,
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

/** An index, its pre-compressed twins, and index.html's revision in the service worker's precache. */
function writeIndex(file, html) {
  writeFileSync(file, html);
  const bytes = Buffer.from(html);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes));
  if (file !== indexFile) return;
  const workerFile = path.join(distDir, 'sw.js');
  if (!existsSync(workerFile)) return;
  const revision = createHash('md5').update(bytes).digest('hex');
  const worker = readFileSync(workerFile, 'utf8');
  const entry = /\{url:"index\.html",revision:"[0-9a-f]+"\}/;
  if (!entry.test(worker)) throw new Error('sw.js lists no index.html revision to update');
  writeFileSync(workerFile, worker.replace(entry, `{url:"index.html",revision:"${revision}"}`));
}
