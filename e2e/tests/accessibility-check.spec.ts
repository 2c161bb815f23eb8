/**
 * The accessibility check every browser test ends with (fixtures.ts) really checks: a page
 * given a picture without text and a line too faint to read fails it, naming both rules.
 */
import { expect, expectAccessible, test } from '../fixtures';

test('the accessibility check fails a page with a picture without text or a faint line', async ({
  page,
}) => {
  await page.goto('/#/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const faults = document.createElement('div');
    faults.id = 'accessibility-faults';
    const picture = document.createElement('img');
    picture.src = '/favicon.svg';
    const faint = document.createElement('p');
    faint.textContent = 'A line too faint to read';
    // Through the style object: the shop's CSP refuses style attributes written as markup.
    Object.assign(faint.style, { color: '#ddd', background: '#fff' });
    faults.append(picture, faint);
    document.querySelector('h1')?.after(faults);
  });
  const failure = expectAccessible(page);
  await expect(failure).rejects.toThrow(/image-alt \(critical\)/);
  await expect(failure).rejects.toThrow(/color-contrast \(serious\)/);

  // Without them the page passes again (and the automatic check at the end agrees).
  await page.evaluate(() => document.getElementById('accessibility-faults')?.remove());
  await expectAccessible(page);
});
