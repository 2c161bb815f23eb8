import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const page = (text: string) => () => createElement('h1', null, text);
const inSuspense = (Page: ReturnType<typeof lazyPage>) =>
  renderToString(createElement(Suspense, { fallback: 'still loading' }, createElement(Page)));

describe('lazyPage', () => {
  it('renders a preloaded page at once, without suspending (the hydration of the landing)', async () => {
    const Landing = lazyPage(async () => page('Choose your destination'), 'firstScriptWords');
    await Landing.preload();
    expect(inSuspense(Landing)).toContain('<h1>Choose your destination</h1>');
    expect(inSuspense(Landing)).not.toContain('still loading');
  });

  it('shows the fallback while a page not preloaded is on its way', () => {
    const Faq = lazyPage(async () => page('FAQ'), 'firstScriptWords');
    expect(inSuspense(Faq)).toContain('still loading');
  });

  it('fetches a page whose chunk failed again at the next try', async () => {
    let tries = 0;
    const Flaky = lazyPage(async () => {
      tries += 1;
      if (tries === 1) throw new Error('chunk failed');
      return page('Second try');
    }, 'firstScriptWords');
    await expect(Flaky.preload()).rejects.toThrow('chunk failed');
    await Flaky.preload();
    expect(tries).toBe(2);
    expect(inSuspense(Flaky)).toContain('<h1>Second try</h1>');
  });
});
