import { describe, expect, it } from 'vitest';
import { checkPaintsWithoutScripts, earlyModules, prerenderedIndex } from './prerender.mjs';

describe('checkPaintsWithoutScripts', () => {
  it('passes markup whose Suspense boundaries are finished in place', () => {
    expect(() =>
      checkPaintsWithoutScripts('<main><!--$--><h1>Choose your destination</h1><!--/$--></main>'),
    ).not.toThrow();
  });

  it('refuses a boundary React left pending, its page hidden for a script to reveal', () => {
    const outlined =
      '<main><!--$?--><template id="B:0"></template><div aria-busy="true"></div><!--/$--></main>' +
      '<div hidden id="S:0"><h1>Choose your destination</h1></div>';
    expect(() => checkPaintsWithoutScripts(outlined)).toThrow(/<!--\$\?-->/);
  });

  it('refuses a boundary that fell back after an error, and any script', () => {
    expect(() => checkPaintsWithoutScripts('<!--$!--><template></template><!--/$-->')).toThrow();
    expect(() => checkPaintsWithoutScripts('<script>$RC("B:0","S:0")</script>')).toThrow(/<script/);
  });
});

describe('prerenderedIndex', () => {
  const built =
    '<!doctype html>\n<html lang="en">\n<body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';
  const markups = { landing: '<h1>L</h1>', 'sign-in': '<h1>S</h1>', faq: '<h1>F</h1>' };

  it('puts the landing in the root, the other pages as text beside it, then the script', () => {
    const html = prerenderedIndex(built, 'en', markups, 'keep()');
    expect(html).toContain(
      '<div id="root" data-prerendered="landing" data-lang="en" inert><h1>L</h1></div>' +
        '<script type="text/html" id="prerendered-sign-in"><h1>S</h1></script>' +
        '<script type="text/html" id="prerendered-faq"><h1>F</h1></script><script>keep()</script>',
    );
    expect(html).toContain('<html lang="en" dir="ltr">');
  });

  it('reads right to left in Arabic, and takes markup with $ signs as it is', () => {
    const html = prerenderedIndex(built, 'ar', { ...markups, landing: '<p>$& $1 US$5</p>' }, '');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('data-lang="ar" inert><p>$& $1 US$5</p></div>');
  });
});

describe('earlyModules', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_framework.js', '_shell.js'] },
    '_framework.js': { file: 'assets/framework.js' },
    '_shell.js': { file: 'assets/shell.js' },
    '_dialog.js': { file: 'assets/dialog.js', imports: ['_framework.js'] },
    '_later-words.js': { file: 'assets/later-words.js' },
    'src/features/catalog/routes/plan-details-page.tsx': {
      file: 'assets/plan-details-page.js',
      imports: ['_framework.js', '_dialog.js'],
    },
    'src/features/auth/routes/sign-in-page.tsx': { file: 'assets/sign-in-page.js' },
    'src/features/help/routes/faq-page.tsx': { file: 'assets/faq-page.js' },
    'src/locales/en/later.ts': { file: 'assets/later.js', imports: ['_later-words.js'] },
    'src/locales/ar/auth.json': { file: 'assets/auth-ar.js' },
    'src/locales/fr/auth.json': { file: 'assets/auth-fr.js' },
  };

  it('lists each early page’s chunks with what they import, less what index.html loads', () => {
    const { modules } = earlyModules(manifest);
    expect(modules['#/plan-details']).toEqual([
      '/assets/plan-details-page.js',
      '/assets/dialog.js',
    ]);
    expect(modules['#/']).toBeUndefined();
    expect(modules['#/sign-in']).toEqual(['/assets/sign-in-page.js']);
  });

  it('gives every language the rest of English, and its own words besides', () => {
    const { words } = earlyModules(manifest);
    expect(words.en).toEqual(['/assets/later.js', '/assets/later-words.js']);
    expect(words.ar).toEqual(['/assets/later.js', '/assets/later-words.js', '/assets/auth-ar.js']);
    expect(words.fr).toContain('/assets/auth-fr.js');
  });

  it('refuses a build whose manifest lacks an early page', () => {
    const { 'src/features/help/routes/faq-page.tsx': _faq, ...withoutFaq } = manifest;
    expect(() => earlyModules(withoutFaq)).toThrow(/faq-page\.tsx/);
  });
});
