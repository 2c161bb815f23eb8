/**
 * Geometry read the way a test can trust under load: every box in one frame, once the fonts
 * are in and the finite animations and transitions have ended. Boxes read one call apart can
 * straddle a layout change (a font swap, a line that wraps when content arrives) and differ by
 * more than rounding.
 */
import type { Locator, Page } from '@playwright/test';

export interface Edges {
  left: number;
  right: number;
}

export async function edgesInOneFrame(page: Page, locators: readonly Locator[]): Promise<Edges[]> {
  const elements = await Promise.all(
    locators.map(async (locator) => {
      const handle = await locator.elementHandle();
      if (!handle) throw new Error(`${locator} is not on the page`);
      return handle;
    }),
  );
  return page.evaluate(async (targets) => {
    await document.fonts.ready;
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.all(ending);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return targets.map((target) => {
      const box = target.getBoundingClientRect();
      return { left: box.left, right: box.right };
    });
  }, elements);
}
