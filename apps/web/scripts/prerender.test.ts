import { describe, expect, it } from 'vitest';
import { checkPaintsWithoutScripts, prerenderedIndex } from './prerender.mjs';

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

  it('puts the landing in the root, the other pages in templates, then the script', () => {
    const html = prerenderedIndex(built, 'en', markups, 'keep()');
    expect(html).toContain(
      '<div id="root" data-prerendered="landing" data-lang="en" inert><h1>L</h1></div>' +
        '<template id="prerendered-sign-in"><h1>S</h1></template>' +
        '<template id="prerendered-faq"><h1>F</h1></template><script>keep()</script>',
    );
    expect(html).toContain('<html lang="en" dir="ltr">');
  });

  it('reads right to left in Arabic, and takes markup with $ signs as it is', () => {
    const html = prerenderedIndex(built, 'ar', { ...markups, landing: '<p>$& $1 US$5</p>' }, '');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('data-lang="ar" inert><p>$& $1 US$5</p></div>');
  });
});
