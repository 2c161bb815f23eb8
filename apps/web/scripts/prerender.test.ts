import { describe, expect, it } from 'vitest';
import { checkPaintsWithoutScripts } from './prerender.mjs';

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
