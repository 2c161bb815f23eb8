/**
 * The bundle budget's arithmetic (issue 18), apart from the file system so a unit test can
 * feed it a made-up Vite manifest. A page's initial JavaScript is its chunk and everything
 * that chunk imports statically, since the browser must fetch all of them before it runs.
 */

/**
 * Budgets in gzip bytes (kB = 1000 bytes, as Vite prints them). The landing's is a guard rail
 * for React itself (issue 27, decision 0031), not a reason to leave it: 90 kB (issue 18) was
 * met only on Preact's compat layer (decision 0027).
 */
export const budgets = { landing: 120_000, routeChunk: 40_000 };

/** A route's page module: `src/features/<feature>/routes/<name>-page.tsx`. */
const routePage = /(^|\/)src\/features\/[^/]+\/routes\/([^/]+)-page\.tsx$/;

/** The manifest keys of `key` and everything it imports statically, `key` first. */
export function staticClosure(manifest, key) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`The manifest has no chunk ${k}`);
    seen.add(k);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...seen];
}

const jsFile = (manifest, key) => {
  const file = manifest[key].file;
  return file.endsWith('.js') ? file : undefined;
};

const sum = (files, gzipSize) => files.reduce((total, file) => total + gzipSize(file), 0);

/**
 * Measures a build. `gzipSize(file)` answers a built file's gzipped size in bytes;
 * `htmlScripts` (optional) are the scripts index.html loads and modulepreloads, which must be
 * the entry's closure: anything more would be initial JavaScript the manifest does not show.
 * `pages.withEveryPage` are modules (manifest keys) that the app fetches beside every route's
 * own code, except the routes in `pages.without`: they count in what each of the others adds.
 */
export function measureBundle(manifest, gzipSize, htmlScripts, pages = {}) {
  const withEveryPage = (pages.withEveryPage ?? []).filter((key) => manifest[key]);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const entryKeys = staticClosure(manifest, entryKey);
  const entryFiles = entryKeys.map((key) => jsFile(manifest, key)).filter(Boolean);
  const notes = [];
  if (htmlScripts) {
    const extra = htmlScripts.filter((file) => !entryFiles.includes(file));
    const missing = entryFiles.filter((file) => !htmlScripts.includes(file));
    if (extra.length > 0) {
      notes.push(`index.html loads scripts outside the entry's imports: ${extra.join(', ')}`);
      entryFiles.push(...extra);
    }
    if (missing.length > 0) notes.push(`index.html does not preload ${missing.join(', ')}`);
  }
  const landing = {
    name: 'landing (index.html)',
    files: entryFiles.map((file) => ({ file, gzip: gzipSize(file) })),
    gzip: sum(entryFiles, gzipSize),
  };

  const routes = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && routePage.test(manifest[key].src ?? key))
    .map((key) => {
      const name = (manifest[key].src ?? key).match(routePage)?.[2] ?? key;
      // What opening the route fetches beyond the entry: its chunk and its own imports.
      const alongside = (pages.without ?? []).includes(name) ? [] : withEveryPage;
      const keys = [key, ...alongside].flatMap((k) => staticClosure(manifest, k));
      const added = [...new Set(keys)]
        .filter((k) => !entryKeys.includes(k))
        .map((k) => jsFile(manifest, k))
        .filter(Boolean);
      const addedGzip = sum(added, gzipSize);
      return {
        name,
        file: manifest[key].file,
        chunkGzip: gzipSize(manifest[key].file),
        added,
        addedGzip,
        firstLoadGzip: landing.gzip + addedGzip,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  const lazyChunks = Object.keys(manifest)
    .filter((key) => !entryKeys.includes(key) && jsFile(manifest, key))
    .map((key) => ({
      file: manifest[key].file,
      source: manifest[key].src ?? manifest[key].name ?? key,
      gzip: gzipSize(manifest[key].file),
    }))
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));

  const failures = [];
  if (landing.gzip > budgets.landing) {
    failures.push(
      `landing initial JavaScript ${kB(landing.gzip)} kB gzip > ${kB(budgets.landing)} kB`,
    );
  }
  // The budget is the route's chunk; what it adds with shared chunks (zod for the pages that
  // parse answers with the contract's schemas, loaded once for all of them) is shown beside it.
  for (const route of routes) {
    if (route.chunkGzip > budgets.routeChunk) {
      failures.push(
        `route ${route.name}: its chunk is ${kB(route.chunkGzip)} kB gzip > ${kB(budgets.routeChunk)} kB`,
      );
    }
  }
  return { landing, routes, lazyChunks, failures, notes };
}

export const kB = (bytes) => (bytes / 1000).toFixed(1);

/** The scripts an index.html loads and modulepreloads, as manifest `file` paths. */
export function scriptsOfHtml(html) {
  const files = [];
  const tag = /<(script|link)\b[^>]*>/g;
  for (const [element, name] of html.matchAll(tag)) {
    const isModule = name === 'script' ? /\btype="module"/.test(element) : false;
    const isPreload = name === 'link' ? /\brel="modulepreload"/.test(element) : false;
    if (!isModule && !isPreload) continue;
    const address = element.match(/\b(?:src|href)="\/?([^"]+)"/)?.[1];
    if (address?.endsWith('.js')) files.push(address);
  }
  return files;
}
