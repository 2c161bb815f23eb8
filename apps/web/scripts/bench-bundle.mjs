/**
 * `npm run bench:bundle`: the JavaScript each page of the built shop costs, gzipped, and a
 * non-zero exit over budget (the landing's initial scripts <= 120 kB, issue 27; each route's
 * chunk <= 40 kB, issue 18). It reads an existing build (Vite's manifest and index.html) and
 * builds nothing, so the test run calls it right after its one build.
 *
 *   node apps/web/scripts/bench-bundle.mjs [--dist <dir>] [--report]
 *   (default dist: WEB_DIST_DIR or apps/web/dist)
 *
 * `--report` prints the same figures and what is over budget, but exits 0: for measuring a
 * change that is known to be over (a library being weighed). The test run calls it without,
 * so a change that puts the landing over 120 kB or a route over 40 kB fails the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { budgets, kB, measureBundle, scriptsOfHtml } from './bundle-budget.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const distArgument = process.argv.indexOf('--dist');
const dist = path.resolve(
  distArgument > 0
    ? process.argv[distArgument + 1]
    : (process.env.WEB_DIST_DIR ?? path.join(here, '..', 'dist')),
);
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run "npm run build" first.`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const sizes = new Map();
// Gzip at zlib's default level, as the build's .gz twins that the server sends.
const gzipSize = (file) => {
  let size = sizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file))).length;
    sizes.set(file, size);
  }
  return size;
};
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// Every page but the landing waits for the rest of English beside its own code (app/router).
const report = measureBundle(manifest, gzipSize, scriptsOfHtml(html), {
  withEveryPage: ['src/locales/en/later.ts'],
  without: ['landing'],
});

const pad = (text, width) => String(text).padEnd(width);
const num = (bytes) => kB(bytes).padStart(7);
const name = (file) => path.basename(file);

console.log(`Bundle of ${dist} (gzip, kB = 1000 bytes)\n`);
console.log(
  `Landing initial JavaScript: ${kB(report.landing.gzip)} kB (budget ${kB(budgets.landing)})`,
);
for (const { file, gzip } of [...report.landing.files].sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${num(gzip)}  ${name(file)}`);
}

console.log(
  `\nRoutes: each route's chunk (budget ${kB(budgets.routeChunk)}), what opening it adds to the entry (its chunk, the chunks it imports and, but for the landing, the rest of English), and its first load with the entry`,
);
console.log(
  `  ${pad('route', 26)} ${'chunk'.padStart(7)} ${'added'.padStart(7)} ${'first'.padStart(7)}`,
);
for (const route of report.routes) {
  const over = route.chunkGzip > budgets.routeChunk ? '  OVER' : '';
  console.log(
    `  ${pad(route.name, 26)} ${num(route.chunkGzip)} ${num(route.addedGzip)} ${num(route.firstLoadGzip)}${over}`,
  );
}

console.log('\nLazy chunks (not in the landing):');
for (const { file, source, gzip } of report.lazyChunks) {
  console.log(`  ${num(gzip)}  ${pad(name(file), 44)} ${source}`);
}

for (const note of report.notes) console.log(`\nNote: ${note}`);
if (report.failures.length > 0) {
  console.error(`\nOver budget:\n${report.failures.map((f) => `  ${f}`).join('\n')}`);
  if (process.argv.includes('--report')) {
    console.error('(reported only: --report; see docs/performance.md for the measured gap)');
  } else {
    process.exit(1);
  }
} else {
  console.log('\nWithin budget.');
}
