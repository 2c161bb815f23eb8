/**
 * Checks before payment (issue 31), at 390x844 and 1280x800: a traveller who chose Austria is
 * asked on the order summary whether they meant Australia, and the one-tap switch leads to
 * Australia's plans; a plan for the buyer's own country (their account's mobile number is
 * French, the plan is France's) is held until they confirm it, then the gateway's page opens;
 * the look-alike question in Arabic, right to left. Every page is checked with axe.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { hrefTo, type Plan, paths, planDetailsQuery } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { getJson, HOSTED_PAGE_URL, readSignInCode, signUp, uniqueEmail } from '../helpers/purchase';

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 } },
  { name: 'laptop', size: { width: 1280, height: 800 } },
] as const;

const austria = { kind: 'country', iso: 'AT', name: 'Austria' } as const;
const france = { kind: 'country', iso: 'FR', name: 'France' } as const;
const planPage = (destination: typeof austria | typeof france) =>
  `/${hrefTo(paths.planDetails, planDetailsQuery(destination))}`;

/** A country's cheapest plan of the group its page shows first. */
async function firstShownPlan(request: APIRequestContext, iso: string): Promise<Plan> {
  const plans = await getJson<Plan[]>(request, `/api/plan/country/${iso}`);
  const order = await getJson<string[]>(request, '/api/plan/groups');
  const first = order.find((group) => plans.some((plan) => plan.plg_name === group));
  const shown = plans.filter((plan) => plan.plg_name === first);
  const cheapest = shown.reduce<Plan | undefined>(
    (best, plan) => (best && best.pla_price <= plan.pla_price ? best : plan),
    undefined,
  );
  if (!cheapest) throw new Error(`${iso} has no plans`);
  return cheapest;
}

/** Buy Now on the plan's card on its country's page, then Proceed in the compatibility dialog. */
async function choose(page: Page, url: string, plan: Plan): Promise<void> {
  await page.goto(url);
  await page
    .getByRole('article', { name: plan.pla_title, exact: true })
    .getByRole('button', { name: 'Buy Now' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
}

for (const viewport of viewports) {
  test.describe(`checks before payment on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('Austria chosen: the summary names it with its flag and region, offers Australia, and switches', async ({
      page,
      request,
    }) => {
      const plan = await firstShownPlan(request, 'AT');
      await signUp(page, request);
      await choose(page, planPage(austria), plan);

      const where = page.getByRole('region', { name: 'Where this plan works' });
      await expect(where).toContainText(`Austria · ${plan.plc_region}`);
      await expect(where.locator('img[src="/flags/at.svg"]').first()).toBeVisible();
      await expect(page.getByText('Travelling to Australia instead?')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'When the plan starts and ends' }),
      ).toContainText(`first connects to a network in Austria, and ends ${plan.pla_duration} day`);
      await expectAccessible(page);

      await page.getByRole('link', { name: 'See plans for Australia' }).click();
      await expect(page).toHaveURL(/#\/plan-details\?purchase_type=Regular&planType=Countries/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Australia Packages');
      await expect(page.getByRole('article').first()).toBeVisible();
    });

    test('a plan for the buyer’s own country is held until they confirm it', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const plan = await firstShownPlan(request, 'FR');
      // The account's mobile number is French.
      const email = uniqueEmail('home');
      await page.goto(`/${hrefTo(paths.signIn)}`);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Full name').fill('Camille Martin');
      await page.getByLabel('Mobile number').fill('+33 6 12 34 56 78');
      await page.getByRole('button', { name: 'Send sign-in code' }).click();
      await page.getByLabel('6-digit code').fill(await readSignInCode(request, email));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));

      await choose(page, planPage(france), plan);
      const home = page.getByRole('region', { name: 'This plan is for your own country' });
      await expect(home).toContainText('Your mobile number is from France');
      const proceed = page.getByRole('button', { name: 'Proceed to Secure Payment' });
      await expect(proceed).toBeDisabled();
      await expect(
        page.getByText('Confirm the plan for your own country above to continue.'),
      ).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('checkbox', { name: 'Yes, I want a plan for France' }).check();
      await expect(proceed).toBeEnabled();
      await proceed.click();
      await expect(page).toHaveURL(HOSTED_PAGE_URL);
    });
  });
}

test.describe('checks before payment in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Austria chosen: the summary asks about Australia in Arabic, right to left, and switches', async ({
    page,
    request,
  }) => {
    const plan = await firstShownPlan(request, 'AT');
    await signUp(page, request);
    await choose(page, planPage(austria), plan);
    await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await expect(page.getByRole('region', { name: 'أين تعمل هذه الباقة' })).toContainText('النمسا');
    await expect(page.getByText('هل تسافر إلى أستراليا بدلًا من ذلك؟')).toBeVisible();
    await expect(page.getByRole('region', { name: 'متى تبدأ الباقة ومتى تنتهي' })).toContainText(
      'تبدأ عندما يتصل هاتفك لأول مرة بشبكة في النمسا',
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: 'عرض باقات أستراليا' }).click();
    await expect(page).toHaveURL(/#\/plan-details\?purchase_type=Regular&planType=Countries/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('أستراليا');
  });
});

test.describe('a stop-over on a planned trip', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the planner warns that a regional plan covering the stop-over starts there', async ({
    page,
  }) => {
    await page.goto(`/${hrefTo(paths.trip, { countries: 'TR,AE', days: '7' })}`);
    const stopover = page.getByRole('combobox', { name: 'Stop-over on the way (optional)' });
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByText(/your stop-over/)).toHaveCount(0);

    await stopover.selectOption({ label: 'Qatar' });
    await expect(page).toHaveURL(/stopover=QA/);
    await expect(
      page
        .getByText(/This plan also works in Qatar, your stop-over: if your phone connects there/)
        .first(),
    ).toBeVisible();
    await expectAccessible(page);

    // The stop-over stays with the trip when it is planned again.
    await page.reload();
    await expect(stopover).toHaveValue('QA');
  });
});
