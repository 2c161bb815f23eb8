import { hrefTo, orderMessages, paths, paymentPageTexts } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';

test.describe('the shell', () => {
  test('the navigation bar reaches each main page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const pages = [
      { link: 'Support (FAQ)', heading: 'Frequently Asked Questions', path: paths.faq },
      { link: 'Setup Guide', heading: 'eSIM Setup Guide', path: paths.userGuide },
      { link: 'Contact Us', heading: "We're Here to Help You", path: paths.contactUs },
      { link: 'Plans', heading: 'Choose your destination', path: paths.plan },
    ];
    for (const target of pages) {
      await nav.getByRole('link', { name: target.link }).click();
      await expect(page).toHaveURL(new RegExp(`#${target.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
      await expectAccessible(page);
    }
  });

  test('a signed-out visitor sees Login, and the brand link goes home', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.faq)}`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `#${paths.signIn}`,
    );
    await nav.getByRole('link', { name: 'Tern' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
  });

  test('the footer links to the legal pages and the top destinations', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeVisible();
    await expectAccessible(page);
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

    const destinations = footer.getByRole('region', { name: 'Top Destinations' });
    await expect(destinations.getByRole('link')).toHaveText([
      'Europe',
      'France',
      'Turkey',
      'UAE',
      'Italy',
      'Spain',
    ]);
    await expect(destinations.getByRole('link', { name: 'Europe' })).toHaveAttribute(
      'href',
      hrefTo(paths.plans, { region: 'Europe+' }),
    );
    await expect(destinations.getByRole('link', { name: 'UAE' })).toHaveAttribute(
      'href',
      hrefTo(paths.plans, { iso: 'AE' }),
    );
  });

  test('each navigation starts at the top of the new page', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 500 });
    await page.goto('/');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy' })
      .scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a toast appears, can be read, and leaves by itself after three seconds', async ({
    page,
  }) => {
    // Cancelling on the gateway's page comes back to the plans with a toast.
    await page.goto(`/${hrefTo(paths.paymentCancelled)}`);
    const toast = page.getByRole('status').filter({ hasText: paymentPageTexts.cancelled });
    await expect(toast).toBeVisible();
    await expectAccessible(page);
    await expect(toast).toBeHidden({ timeout: 4500 });
  });

  test('a toast can be dismissed before it leaves', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.paymentCancel)}`);
    const toast = page.getByRole('alert').filter({ hasText: orderMessages.paymentCanceled });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toBeHidden({ timeout: 1000 });
  });
});

test.describe('an unknown page', () => {
  test('shows Page Not Found with a way home', async ({ page }) => {
    await page.goto('/#/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(
      page.getByText('Sorry, the page you are looking for does not exist.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
  });

  test('a path without the hash opens the same page of the app', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/#\/faq$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
  });
});
