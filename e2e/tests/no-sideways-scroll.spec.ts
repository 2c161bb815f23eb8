/**
 * Every page fits the narrowest phone in use, 320 px wide: nothing makes the page pan
 * sideways. Each route is opened as a traveller reaches it, and a page that overflows is
 * reported with the elements that stick out, so the fix can start at the right place.
 */
import type { Page } from '@playwright/test';
import { hrefTo, paths, planDetailsQuery } from '@tern/contract';
import { expect, test } from '../fixtures';
import { chooseOnPlanPage, francePlan, franceUrl, signUpAndBuy } from '../helpers/purchase';

const NARROW_PHONE = { width: 320, height: 640 };
const europeUrl = `/${hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' }))}`;

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The innermost elements whose right edge passes the screen's, as tag.class "text". */
  sticksOut: string[];
}

function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // Inside a box that scrolls or clips within the screen, wide content pans only that box.
    const heldIn = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const clips = getComputedStyle(node).overflowX !== 'visible';
        if (clips && node.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => element.getBoundingClientRect().right > width + 0.5 && !heldIn(element),
    );
    const innermost = wide.filter(
      (element) => !wide.some((other) => element.contains(other) && other !== element),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      sticksOut: innermost.slice(0, 5).map((element) => {
        const classes = String(element.getAttribute('class') ?? '')
          .split(/\s+/)
          .slice(0, 4)
          .join('.');
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()}.${classes} "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
      }),
    };
  });
}

/** A soft check, so one run names every page that overflows. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  // Fonts and images settle the layout; measure once they are in.
  await page.evaluate(() => document.fonts.ready);
  const overflow = await measureOverflow(page);
  expect
    .soft(overflow.scrollWidth, `${where} scrolls sideways: ${overflow.sticksOut.join('; ')}`)
    .toBeLessThanOrEqual(overflow.innerWidth);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('at 320 px wide', () => {
  test.use({ viewport: NARROW_PHONE });

  test('no page a signed-out visitor opens scrolls sideways', async ({ page, request }) => {
    const plan = await francePlan(request);

    await page.goto('/');
    await expect(h1(page)).toHaveText('Choose your destination');
    await expect(page.getByRole('tab', { name: 'Countries' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the landing, Countries tab');
    await page.getByRole('tab', { name: 'Regions' }).click();
    await expect(page.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the landing, Regions tab');

    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the landing with the menu open');

    await page.goto(franceUrl);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'plan-details for a country');
    await page.goto(europeUrl);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'plan-details for a region');

    // The footer's shortcut, to the longest country name among the Top Destinations.
    await page.goto(`/${hrefTo(paths.plans, { iso: 'AE' })}`);
    await expect(h1(page)).toHaveText('United Arab Emirates Packages');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'plan-details through the plans shortcut');

    // Buy Now while signed out keeps the plan and asks for a sign-in.
    await chooseOnPlanPage(page, plan);
    await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expectNoSidewaysScroll(page, 'sign-in');

    await page.goto(`/${hrefTo(paths.checkout)}`);
    await expect(h1(page)).toHaveText('Checkout');
    await expect(page.getByText(`France eSIM · ${plan.pla_title}`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'checkout');

    const pages = [
      { path: paths.faq, heading: 'Frequently Asked Questions' },
      { path: paths.userGuide, heading: 'eSIM Setup Guide' },
      { path: paths.contactUs, heading: "We're Here to Help You" },
      { path: paths.termsAndConditions, heading: 'Terms and Conditions' },
      { path: paths.privacyPolicy, heading: 'Privacy Policy' },
      { path: paths.esimAlert, heading: undefined },
      // The payment pages, opened with no payment under way.
      { path: paths.payment, heading: 'Secure payment' },
      { path: paths.paymentSuccessful, heading: 'Your payment' },
    ];
    for (const { path, heading } of pages) {
      await page.goto(`/${hrefTo(path)}`);
      if (heading) await expect(h1(page)).toHaveText(heading);
      else await expect(h1(page)).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }

    await page.goto('/#/no-such-page');
    await expect(h1(page)).toHaveText('Page Not Found');
    await expectNoSidewaysScroll(page, 'Page Not Found');
  });

  test('no page a buyer opens scrolls sideways', async ({ page, request }) => {
    test.setTimeout(120_000);
    const purchase = await signUpAndBuy(page, request);

    await expect(h1(page)).toContainText(`Welcome, ${purchase.name}`);
    await expect(page.getByRole('article').filter({ hasText: purchase.iccid })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the profile, My eSIMs');
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await expect(page.getByRole('tabpanel').getByText(purchase.iccid).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the profile, Invoices');

    await chooseOnPlanPage(page, purchase.plan);
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
    await expect(h1(page)).toHaveText('Order summary');
    await expect(page.getByText(`France eSIM · ${purchase.plan.pla_title}`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'plan-confirmation');
  });
});
