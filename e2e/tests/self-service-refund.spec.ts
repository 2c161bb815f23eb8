/**
 * Request refund (issue 16): a traveller who bought an eSIM and never installed it asks for the
 * money back from the profile, confirms what will happen, and sees the eSIM refunded and the
 * credit under the invoice; an installed eSIM offers no refund and says why before any button.
 */
import type { Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { signUpAndBuy } from '../helpers/purchase';

async function openProfile(page: Page) {
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

function cardOf(page: Page, iccid: string) {
  return page.getByRole('article').filter({ hasText: iccid });
}

test('an eSIM never installed is refunded from the profile, and the invoice shows the credit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Lina Khoury' });
  await openProfile(page);

  const card = cardOf(page, buyer.iccid);
  const opener = card.getByRole('button', { name: /^Request refund/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(buyer.iccid);
  await expect(dialog).toContainText('never installed');
  await expect(dialog).toContainText('can no longer be installed');
  await expectAccessible(page);

  // Changing one's mind changes nothing, and focus returns to the button that opened it.
  await dialog.getByRole('button', { name: 'Keep my eSIM' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Refund this eSIM' }).click();
  await expect(page.getByText('Your eSIM was refunded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Refunded on /)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Request refund/ })).toBeHidden();
  await expect(card.getByRole('button', { name: /^QR Code/ })).toBeHidden();

  await page.getByRole('tab', { name: 'Invoices' }).click();
  const table = page.getByRole('table', { name: 'Your invoices' });
  const credit = table.getByRole('row', { name: /^Refunded/ });
  await expect(credit).toBeVisible();
  await expect(credit).toContainText(buyer.iccid);
  await expect(credit).toContainText(/Refund of INV-\d{6}/);
  await expect(credit).toContainText(`\u2212${buyer.plan.pla_price.toFixed(2)}`);
  await expectAccessible(page);
});

test('an installed eSIM offers no refund: the reason shows before any button (issue 26)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await signUpAndBuy(page, request, { name: 'Karim Nasser' });
  const installed = await request.post(`/_sandbox/esimgo/control/esims/${buyer.iccid}/status`, {
    data: { profileStatus: 'Installed' },
  });
  expect(installed.ok()).toBe(true);
  // The buyer comes back to the profile later: a fresh page, not the one the purchase left open.
  await page.reload();
  await openProfile(page);

  // The server's eligibility says why; the card says it instead of a button that would refuse.
  const card = cardOf(page, buyer.iccid);
  await expect(card.getByText('No refund: this eSIM has been installed on a phone.')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Request refund/ })).toHaveCount(0);
  await expect(card.getByText(/^Refunded on /)).toHaveCount(0);
  await expectAccessible(page);
});
