/**
 * An installed eSIM shows when it was installed: eSIM Go gives the time in milliseconds
 * since the epoch, the shop turns it into a date the eSIM details dialog shows.
 */
import type { Page } from '@playwright/test';
import { type EsimDetailsView, hrefTo, paths, profileApiPaths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { signUpAndBuy } from '../helpers/purchase';

async function openProfile(page: Page) {
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

test('the eSIM details of an installed eSIM show when it was installed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Lina Khoury' });
  const installed = await request.post(`/_sandbox/esimgo/control/esims/${buyer.iccid}/status`, {
    data: { profileStatus: 'Installed' },
  });
  expect(installed.ok()).toBe(true);
  const { firstInstalledDateTime } = (await installed.json()) as {
    firstInstalledDateTime: number;
  };
  const details = await request.get(profileApiPaths.esimDetails.href(buyer.iccid), {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  expect(details.ok()).toBe(true);
  const isoTime = new Date(firstInstalledDateTime).toISOString();
  expect(((await details.json()) as EsimDetailsView).firstInstalledDateTime).toBe(isoTime);

  await openProfile(page);
  await page
    .getByRole('article')
    .filter({ hasText: buyer.iccid })
    .getByRole('button', { name: 'eSIM details' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'eSIM details' });
  await expect(dialog.getByText('Installed', { exact: true }).first()).toBeVisible();
  await expect(dialog.locator(`time[datetime="${isoTime}"]`)).toBeVisible();
  await expectAccessible(page);
});
