import type { Locator, Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';

/** Presses Tab (or Shift+Tab) until the target has focus, as a keyboard user would. */
async function tabTo(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  maxPresses = 60,
): Promise<void> {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

test.describe('the FAQ', () => {
  test('shows four categories of questions and a way to contact support', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.faq)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Frequently Asked Questions | Tern');
    await expect(
      page.getByText('Find answers to common questions about Tern eSIM', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'About eSIMs',
      'Using your eSIM',
      'eSIM Bundle Details',
      'Troubleshooting',
      'Still have questions?',
    ]);
    // Every answer starts closed.
    const questions = page.getByRole('main').getByRole('button', { expanded: false });
    expect(await questions.count()).toBeGreaterThanOrEqual(24);
    await expect(page.getByRole('main').getByRole('button', { expanded: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact our support team' })).toHaveAttribute(
      'href',
      hrefTo(paths.contactUs),
    );
    await expectAccessible(page);
  });

  test('opens a question with Enter and closes it with Space, keyboard only', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.faq)}`);
    const question = page.getByRole('button', { name: 'What is an eSIM?' });
    const answer = page.getByRole('region', { name: 'What is an eSIM?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();

    await tabTo(page, question);
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('An eSIM is a digital SIM built into your phone.');
    await expectAccessible(page);

    await page.keyboard.press('Space');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
  });

  test('toggles a question by click and renders list answers as lists', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.faq)}`);
    const question = page.getByRole('button', { name: 'How do I know if my phone is unlocked?' });
    await question.click();
    const answer = page.getByRole('region', { name: 'How do I know if my phone is unlocked?' });
    await expect(answer.getByRole('listitem')).toHaveCount(2);
    await expect(answer.getByRole('listitem').first()).toContainText('No SIM restrictions');
    await question.click();
    await expect(answer).toBeHidden();
  });

  test('a link with ?q= opens that question and brings it into view', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 600 });
    await page.goto(`/${hrefTo(paths.faq, { q: 'compatible-phones' })}`);
    const question = page.getByRole('button', { name: 'Which phones support eSIM?' });
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = page.getByRole('region', { name: 'Which phones support eSIM?' });
    await expect(answer).toContainText('*#06#');
    await expect(question).toBeInViewport();
    await expect(question).toBeFocused();
    // Only the linked question is open.
    await expect(page.getByRole('main').getByRole('button', { expanded: true })).toHaveCount(1);
  });
});

test.describe('the setup guide', () => {
  test('walks through the iPhone and Android steps by keyboard, starting each tab at step 1', async ({
    page,
  }) => {
    await page.goto(`/${hrefTo(paths.userGuide)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'eSIM Setup Guide' })).toBeVisible();
    await expect(page).toHaveTitle('eSIM Setup Guide | Tern');
    await expect(page.getByText('Follow these simple steps to activate your eSIM')).toBeVisible();

    const iphone = page.getByRole('tab', { name: 'iPhone' });
    const android = page.getByRole('tab', { name: 'Android' });
    const panel = page.getByRole('tabpanel');
    const counter = panel.getByText(/^Step \d+ of \d+$/);
    const previous = panel.getByRole('button', { name: 'Previous' });
    const next = panel.getByRole('button', { name: 'Next' });

    await expect(iphone).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toHaveAccessibleName('iPhone');
    await expect(counter).toHaveText('Step 1 of 11');
    await expect(counter).toHaveAttribute('aria-live', 'polite');
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
      'Check that your iPhone supports eSIM',
    );
    await expect(panel.getByRole('listitem').first()).toHaveText(
      'Open the Phone app and dial *#06#.',
    );
    await expectAccessible(page);

    await tabTo(page, next);
    for (let step = 2; step <= 11; step++) {
      await page.keyboard.press('Enter');
      await expect(counter).toHaveText(`Step ${step} of 11`);
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(counter).toHaveText('Step 11 of 11');
    await expectAccessible(page);

    // Back to the tabs with the keyboard, then the arrow keys switch device.
    await tabTo(page, iphone, 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await expect(android).toBeFocused();
    await expect(android).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toHaveAccessibleName('Android');
    await expect(counter).toHaveText('Step 1 of 8');
    await expect(previous).toBeDisabled();

    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(counter).toHaveText('Step 3 of 8');

    await tabTo(page, android, 'Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    await expect(iphone).toHaveAttribute('aria-selected', 'true');
    await expect(counter).toHaveText('Step 1 of 11');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('Step 1 of 8');

    // The Android walkthrough has 8 steps.
    await tabTo(page, next);
    for (let step = 2; step <= 8; step++) await page.keyboard.press('Enter');
    await expect(counter).toHaveText('Step 8 of 8');
    await expect(next).toBeDisabled();
    await expectAccessible(page);
  });

  test('shows each step image at a fixed size with a description', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.userGuide)}`);
    const image = page.getByRole('tabpanel').getByRole('img');
    await expect(image).toHaveAttribute('width', '240');
    await expect(image).toHaveAttribute('height', '480');
    await expect(image).toHaveAccessibleName(/EID/);
    // The illustration loads (it is a file of its own, not blocked by the content policy).
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(240);
  });

  test('Previous goes back and the tabs can also be clicked', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.userGuide)}`);
    const panel = page.getByRole('tabpanel');
    const counter = panel.getByText(/^Step \d+ of \d+$/);
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByRole('button', { name: 'Previous' }).click();
    await expect(counter).toHaveText('Step 2 of 11');
    await page.getByRole('tab', { name: 'Android' }).click();
    await expect(counter).toHaveText('Step 1 of 8');
    await page.getByRole('tab', { name: 'iPhone' }).click();
    await expect(counter).toHaveText('Step 1 of 11');
  });

  test('ends with a way to contact support', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.userGuide)}`);
    await expect(page.getByRole('heading', { name: 'Need more help?' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Contact our support team' });
    await expect(link).toHaveAttribute('href', hrefTo(paths.contactUs));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#${paths.contactUs}$`));
  });
});

test.describe('the legal pages', () => {
  test('the terms state age, refunds, liability, law and courts', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.termsAndConditions)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Terms and Conditions | Tern');
    await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('at least 18 years old');
    await expect(main).toContainText('within 14 days of purchase');
    await expect(main).toContainText(
      'the greater of the price you paid for your last plan or USD 100',
    );
    await expect(main).toContainText('governed by Lebanese law');
    await expect(main).toContainText('the courts of Beirut');
    await expectAccessible(page);
  });

  test('the privacy policy covers children under 13 and card data', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.privacyPolicy)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy Policy | Tern');
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('not meant for children under 13');
    await expect(main).toContainText('We never receive or store your card data');
    await expectAccessible(page);
  });

  test('the contents link to each section within the page, not to another route', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1000, height: 600 });
    await page.goto(`/${hrefTo(paths.termsAndConditions)}`);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link')).toHaveCount(11);
    const refunds = contents.getByRole('link', { name: 'Refunds' });
    await expect(refunds).toHaveAttribute(
      'href',
      hrefTo(paths.termsAndConditions, { section: 'refunds' }),
    );
    await refunds.click();
    const heading = page.getByRole('heading', { level: 2, name: 'Refunds' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).not.toBeInViewport();

    // Scrolled away, the same link again brings the section back.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(heading).not.toBeInViewport();
    await refunds.click();
    await expect(heading).toBeInViewport();
  });

  test('a shared section link opens the page at that section', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 600 });
    await page.goto(`/${hrefTo(paths.privacyPolicy, { section: 'children' })}`);
    const heading = page.getByRole('heading', { level: 2, name: 'Children' });
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
  });
});

test.describe('the eSIM compatibility question', () => {
  test('explains the check, and Yes goes back to the plans', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.esimAlert)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Is your phone eSIM compatible?' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Is your phone eSIM compatible? | Tern');
    const main = page.getByRole('main');
    await expect(main).toContainText('*#06#');
    await expect(main).toContainText('EID');
    await expect(main).toContainText('unlocked');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Yes, my phone supports eSIM' }).click();
    // The plans page is the catalogue's; arriving there is what this page promises.
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Is your phone eSIM compatible?' }),
    ).toBeHidden();
  });

  test('No opens the FAQ answer about compatible phones', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.esimAlert)}`);
    await page.getByRole('link', { name: 'No, my phone does not support eSIM' }).click();
    await expect(page).toHaveURL(/#\/faq\?q=compatible-phones$/);
    await expect(page).toHaveTitle('Frequently Asked Questions | Tern');
    const question = page.getByRole('button', { name: 'Which phones support eSIM?' });
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Which phones support eSIM?' })).toBeVisible();
    await expect(question).toBeInViewport();
  });
});

test('each help page describes itself for search results', async ({ page }) => {
  const description = page.locator('meta[name="description"]');
  const seen: string[] = [];
  for (const path of [
    paths.faq,
    paths.userGuide,
    paths.termsAndConditions,
    paths.privacyPolicy,
    paths.esimAlert,
  ]) {
    await page.goto(`/${hrefTo(path)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Each page sets its own: wait until the previous page's description is replaced.
    await expect
      .poll(() => description.getAttribute('content'), { message: path })
      .not.toBe(seen.at(-1));
    const content = (await description.getAttribute('content')) ?? '';
    expect(content, path).toContain('Tern');
    seen.push(content);
  }
  expect(new Set(seen).size).toBe(5);
});

test('each help page fits a 360 px wide phone screen without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  for (const path of [
    paths.faq,
    paths.userGuide,
    paths.termsAndConditions,
    paths.privacyPolicy,
    paths.esimAlert,
  ]) {
    await page.goto(`/${hrefTo(path)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overflow(), path).toBe(0);
  }
  // The longest step counter, between Previous and Next, stays on one line.
  await page.goto(`/${hrefTo(paths.userGuide)}`);
  const counter = page.getByRole('tabpanel').getByText(/^Step \d+ of \d+$/);
  for (let step = 2; step <= 11; step++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(counter).toHaveText('Step 11 of 11');
  const box = await counter.boundingBox();
  expect(box?.height).toBeLessThan(30);
  expect(await overflow()).toBe(0);
});
