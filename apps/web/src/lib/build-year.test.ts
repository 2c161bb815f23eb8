import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCopyrightYear, yearOfBuild } from './build-year';

function Year() {
  return createElement('p', null, useCopyrightYear());
}

describe('yearOfBuild', () => {
  it('is the year the build wrote', () => {
    expect(yearOfBuild('2026', new Date('2031-05-01T12:00:00'))).toBe(2026);
  });

  it('is this year where the build wrote none (or nothing readable)', () => {
    const now = new Date('2031-05-01T12:00:00');
    expect(yearOfBuild(undefined, now)).toBe(2031);
    expect(yearOfBuild('', now)).toBe(2031);
    expect(yearOfBuild('next year', now)).toBe(2031);
  });
});

describe('useCopyrightYear', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders the build's year on the server (the prerendered HTML), whatever the clock says", () => {
    const builtYear = new Date().getFullYear(); // the module was loaded, without a build's year, now
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${builtYear + 5}-01-02T12:00:00`));
    expect(renderToString(createElement(Year))).toBe(`<p>${builtYear}</p>`);
  });
});
