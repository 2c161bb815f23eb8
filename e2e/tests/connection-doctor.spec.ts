/**
 * The connection doctor: 'Not connecting?' on an eSIM asks the provider what it knows and says
 * what to do. A fresh eSIM is not installed yet; once the phone (the simulator's controls)
 * installs it and attaches to a network, the doctor says so, and 'Refresh network' reaches
 * eSIM Go, as the simulator records. Then the same in Arabic, right to left.
 */
import type { Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { signUpAndBuy } from '../helpers/purchase';

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
