/**
 * The `test` every browser test uses: the base URL of the shop started by global-setup,
 * and an accessibility check (axe-core, WCAG 2.1 A and AA) that fails the test on any
 * violation. Call `expectAccessible(page)` on each page a test visits; the last page of
 * every test is checked automatically.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

export { expect };

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core run in the page itself. @axe-core/playwright took 1.7 s a page on this machine
 * (median of 12): it opens a blank page to assemble results across cross-origin frames, which
 * the shop has none of (no iframes at all). Run directly: 0.75 s, the same rules and verdicts.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // Passes and inapplicable rules are not sent back: nothing reads them.
      resultTypes: ['violations'],
    });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  }, WCAG_TAGS);
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.targets.join('\n  ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Text halfway through a fade (a dialog opening) is paler than it will be: its contrast is
 * judged once the page's running animations have ended (spinners loop for ever: not awaited).
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export const test = base.extend<{ autoAccessibilityCheck: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture needs from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');
    await use(url);
  },
  autoAccessibilityCheck: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === 'passed' && page.url().startsWith('http')) {
        await expectAccessible(page);
      }
    },
    { auto: true },
  ],
});
