/**
 * The prerendered pages as the build wrote them, for the specs about hydration.
 */
import type { Page } from '@playwright/test';

/**
 * Serves the index as a shop without store pages does (exactly what the build rendered), with
 * a mark on every prerendered heading (the landing's, and those in the templates of the other
 * pages) that tells the HTML's node from one rendered afresh.
 */
export async function serveAsBuilt(page: Page): Promise<void> {
  await page.route('**/', async (route) => {
    const response = await route.fetch();
    const body = (await response.text())
      .replace(
        /<meta name="(app-store-url|play-store-url)" content="[^"]*"/g,
        '<meta name="$1" content=""',
      )
      .replaceAll('<h1 ', '<h1 data-from-html="yes" ');
    await route.fulfill({ response, body });
  });
}
