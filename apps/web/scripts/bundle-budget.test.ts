import { describe, expect, it } from 'vitest';
import { budgets, measureBundle, scriptsOfHtml, staticClosure } from './bundle-budget.mjs';

// A made-up build: the entry imports the shell and the router; the landing page shares a
// chunk with the profile page; the profile page is large.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    src: 'index.html',
    imports: ['_shell.js', '_router.js'],
    dynamicImports: ['src/features/catalog/routes/landing-page.tsx'],
    css: ['assets/index.css'],
  },
  '_shell.js': { file: 'assets/shell.js', imports: ['_router.js'] },
  '_router.js': { file: 'assets/router.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_shell.js'] },
  'src/features/catalog/routes/landing-page.tsx': {
    file: 'assets/landing-page.js',
    src: 'src/features/catalog/routes/landing-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
  },
  'src/features/profile/routes/profile-page.tsx': {
    file: 'assets/profile-page.js',
    src: 'src/features/profile/routes/profile-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
  },
  'src/locales/fr/shell.json': {
    file: 'assets/shell-fr.js',
    src: 'src/locales/fr/shell.json',
    isDynamicEntry: true,
  },
};

const sizes: Record<string, number> = {
  'assets/index.js': 50_000,
  'assets/shell.js': 20_000,
  'assets/router.js': 10_000,
  'assets/shared.js': 5_000,
  'assets/landing-page.js': 3_000,
  'assets/profile-page.js': 36_000,
  'assets/shell-fr.js': 1_000,
};
const gzip = (file: string) => sizes[file] ?? Number.NaN;

describe('the bundle budget', () => {
  it('follows static imports once each, through shared chunks', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual([
      'index.html',
      '_shell.js',
      '_router.js',
    ]);
  });

  it('counts the entry and everything it imports statically as the landing', () => {
    const report = measureBundle(manifest, gzip);
    expect(report.landing.gzip).toBe(80_000);
    expect(report.landing.files.map((f) => f.file)).toEqual([
      'assets/index.js',
      'assets/shell.js',
      'assets/router.js',
    ]);
  });

  it('counts what a route adds beyond the entry, its shared chunks included', () => {
    const { routes } = measureBundle(manifest, gzip);
    expect(routes.map((r) => [r.name, r.addedGzip, r.firstLoadGzip])).toEqual([
      ['landing', 8_000, 88_000],
      ['profile', 41_000, 121_000],
    ]);
  });

  it('fails a route whose chunk is over 40 kB, and shows what its imports add beside it', () => {
    const report = measureBundle(manifest, gzip);
    expect(report.failures).toEqual([]);
    const larger = measureBundle(manifest, (file) =>
      file === 'assets/profile-page.js' ? 40_001 : gzip(file),
    );
    expect(larger.failures).toEqual(['route profile: its chunk is 40.0 kB gzip > 40.0 kB']);
    expect(budgets.routeChunk).toBe(40_000);
  });

  it('fails a landing over 120 kB, and passes one at exactly 120 kB', () => {
    const at = (entry: number) =>
      measureBundle(manifest, (file) =>
        file === 'assets/index.js' ? entry : gzip(file),
      ).failures.filter((failure) => failure.startsWith('landing'));
    expect(at(90_000)).toEqual([]);
    expect(at(90_001)).toEqual(['landing initial JavaScript 120.0 kB gzip > 120.0 kB']);
  });

  it('lists every chunk outside the landing as lazy, largest first', () => {
    const { lazyChunks } = measureBundle(manifest, gzip);
    expect(lazyChunks.map((c) => c.file)).toEqual([
      'assets/profile-page.js',
      'assets/shared.js',
      'assets/landing-page.js',
      'assets/shell-fr.js',
    ]);
  });

  it('counts what the app fetches beside every page but the ones named', () => {
    const { routes } = measureBundle(manifest, gzip, undefined, {
      withEveryPage: ['src/locales/fr/shell.json', 'src/not/in/this/build.ts'],
      without: ['landing'],
    });
    expect(routes.map((r) => [r.name, r.addedGzip])).toEqual([
      ['landing', 8_000],
      ['profile', 42_000],
    ]);
  });

  it('counts a script index.html loads outside the manifest, and says so', () => {
    const html = `<script type="module" crossorigin src="/assets/index.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/shell.js">
      <link rel="modulepreload" crossorigin href="/assets/router.js">
      <link rel="modulepreload" crossorigin href="/assets/shared.js">
      <link rel="stylesheet" href="/assets/index.css">`;
    const report = measureBundle(manifest, gzip, scriptsOfHtml(html));
    expect(report.landing.gzip).toBe(85_000);
    expect(report.notes).toEqual([
      "index.html loads scripts outside the entry's imports: assets/shared.js",
    ]);
  });
});
