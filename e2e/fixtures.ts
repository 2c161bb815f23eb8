/**
 * The `test` every browser test uses: the base URL of the shop started by global-setup,
 * and an accessibility check (axe-core, WCAG 2.1 A and AA) that fails the test on any
 * violation. Call `expectAccessible(page)` on each page a test visits; the last page of
 * every test is checked automatically.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
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
