/**
 * The connection doctor: 'Not connecting?' on an eSIM asks the provider what it knows and says
 * what to do. A fresh eSIM is not installed yet; once the phone (the simulator's controls)
 * installs it and attaches to a network, the doctor says so, and 'Refresh network' reaches
 * eSIM Go, as the simulator records. Then the same in Arabic, right to left. A France eSIM on
 * a network in Germany is not covered there: the doctor says so and offers Germany's plans as
 * a top-up of the same eSIM (issue 26), on a phone and a laptop, in English and French.
 */
import type { Page } from '@playwright/test';
import { hrefTo, type Plan, paths, topupHref } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { getJson, signUpAndBuy } from '../helpers/purchase';

async function openDoctor(page: Page, iccid: string, action: string, title: string) {
  await page
    .getByRole('article')
    .filter({ hasText: iccid })
    .getByRole('button', { name: action })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the doctor tells a not-installed eSIM from an installed one on a network, and refreshes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Rami Saad' });
  const control = `/_sandbox/esimgo/control/esims/${buyer.iccid}`;
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();

  let dialog = await openDoctor(page, buyer.iccid, 'Not connecting?', 'Not connecting?');
  await expect(
    dialog.getByRole('heading', { name: 'This eSIM is not installed yet' }),
  ).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Install the eSIM' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refresh network' })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Your message to support' })).toHaveValue(
    new RegExp(buyer.iccid),
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The traveller lands: the phone installs the eSIM and attaches to Orange in France.
  expect(
    (await request.post(`${control}/status`, { data: { profileStatus: 'Installed' } })).ok(),
  ).toBe(true);
  const attached = await request.post(`${control}/attachment`, {
    data: { attached: true, networkName: 'Orange F', mobileNetworkCode: '20801', country: 'FR' },
  });
  expect(attached.ok()).toBe(true);

  dialog = await openDoctor(page, buyer.iccid, 'Not connecting?', 'Not connecting?');
  await expect(
    dialog.getByRole('heading', { name: 'Your phone is on a network with this eSIM' }),
  ).toBeVisible();
  await expect(dialog.getByText('Orange F', { exact: false }).first()).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Check the APN' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Refresh network' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: 'The network was asked to reconnect' }),
  ).toBeVisible();
  const network = (await (await request.get(`${control}/attachment`)).json()) as {
    refreshCount: number;
  };
  expect(network.refreshCount).toBe(1);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Off the network: the doctor says so in Arabic, right to left.
  await request.post(`${control}/attachment`, { data: { attached: false } });
  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  dialog = await openDoctor(page, buyer.iccid, 'لا يتصل؟', 'لا يتصل؟');
  await expect(
    dialog.getByRole('heading', { name: 'هاتفك غير متصل بأي شبكة عبر شريحة eSIM هذه' }),
  ).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'فعّل تجوال البيانات' })).toBeVisible();
  await expectAccessible(page);
});

/** The three cheapest, as the doctor names them: more data, then more days, at one price. */
function cheapestThree(plans: readonly Plan[]): string[] {
  const data = (plan: Plan) =>
    plan.pla_unlimited ? Number.POSITIVE_INFINITY : plan.pla_data_amount;
  const lines = [...plans]
    .sort(
      (a, b) => a.pla_price - b.pla_price || data(b) - data(a) || b.pla_duration - a.pla_duration,
    )
    .map((plan) => `${plan.pla_title} — $${plan.pla_price.toFixed(2)}`);
  // A title at one price is named once, whichever group sells it.
  return [...new Set(lines)].slice(0, 3);
}

const coveredScreens = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

for (const screen of coveredScreens) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a France eSIM on Telekom in Germany is not covered there, and Germany’s plans are offered as a top-up', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const buyer = await signUpAndBuy(page, request, { name: 'Lina Abroad' });
      const control = `/_sandbox/esimgo/control/esims/${buyer.iccid}`;
      expect(
        (await request.post(`${control}/status`, { data: { profileStatus: 'Installed' } })).ok(),
      ).toBe(true);
      const attached = await request.post(`${control}/attachment`, {
        data: { attached: true, networkName: 'Telekom', mobileNetworkCode: '26201', country: 'DE' },
      });
      expect(attached.ok()).toBe(true);
      const germanPlans = await getJson<Plan[]>(request, '/api/plan/country/DE');
      const offered = cheapestThree(germanPlans);
      const topup = topupHref({ iccid: buyer.iccid, iso: 'DE', country: 'Germany' }) ?? '';
      await page.goto(`/${hrefTo(paths.profile)}`);

      const dialog = await openDoctor(page, buyer.iccid, 'Not connecting?', 'Not connecting?');
      await expect(
        dialog.getByRole('heading', { name: 'Germany is not covered by this eSIM’s plans' }),
      ).toBeVisible();
      await expect(
        dialog.getByRole('heading', { name: 'Your phone is on a network with this eSIM' }),
      ).toHaveCount(0);
      await expect(dialog.getByRole('heading', { name: 'Check the APN' })).toHaveCount(0);
      await expect(dialog.getByRole('heading', { name: 'Add a plan for Germany' })).toBeVisible();
      const step = dialog.getByRole('listitem').filter({ hasText: 'Add a plan for Germany' });
      await expect(step.getByRole('list').getByRole('listitem')).toHaveText(offered);
      const offer = dialog.getByRole('link', { name: 'See plans for Germany' });
      await expect(offer).toHaveAttribute('href', topup);
      await expectFitsScreen(page);
      await expectAccessible(page);

      // The link opens Germany's plans as a top-up of this very eSIM.
      await offer.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Germany Packages' })).toBeVisible();
      await expect(page.getByText(`Top-up for eSIM ${buyer.iccid}`)).toBeVisible();
      await expectAccessible(page);

      // In French, the country in French.
      await page.goto(`/${hrefTo(paths.profile)}`);
      await page.evaluate(() => window.localStorage.setItem('lang', 'fr'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      const enFrancais = await openDoctor(
        page,
        buyer.iccid,
        'Pas de connexion ?',
        'Pas de connexion ?',
      );
      await expect(
        enFrancais.getByRole('heading', {
          name: 'Pays non couvert par les forfaits de cette eSIM : Allemagne',
        }),
      ).toBeVisible();
      await expect(
        enFrancais.getByRole('heading', { name: 'Ajouter un forfait Allemagne à cette eSIM' }),
      ).toBeVisible();
      await expect(
        enFrancais.getByRole('link', { name: 'Voir les forfaits Allemagne' }),
      ).toHaveAttribute('href', topup);
      await expectFitsScreen(page);
      await expectAccessible(page);
    });
  });
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectFitsScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
