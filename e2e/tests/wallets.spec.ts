/**
 * Apple Pay and Google Pay on the gateway's hosted page (issue 32): the built-in sandbox's
 * merchant profile offers both test wallets above the card form; paying with Apple Pay brings
 * the buyer back to a delivered eSIM. The shop serves Apple's domain-verification file where
 * Apple looks for it.
 */
import { readFileSync } from 'node:fs';
import { applePayDomainAssociationPath, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { APPLE_PAY_DOMAIN_ASSOCIATION_FILE } from '../helpers/apple-pay';
import {
  chooseOnPlanPage,
  deliveredIccid,
  francePlan,
  openHostedPage,
  signUp,
} from '../helpers/purchase';

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('paying with a wallet', () => {
  test('a buyer pays with Apple Pay on the gateway page and gets the eSIM', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const plan = await francePlan(request);
    await signUp(page, request, 'Nadia Wallet');
    await chooseOnPlanPage(page, plan);
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
    const reference = await openHostedPage(page);

    // Both test wallets, as real buttons above the card form, each naming its test card.
    const express = page.getByRole('region', { name: 'Express checkout' });
    const applePay = express.getByRole('button', { name: 'Pay with Apple Pay' });
    await expect(applePay).toBeVisible();
    await expect(applePay).toHaveAccessibleDescription('Test wallet: Visa ending 1111');
    await expect(
      express.getByRole('button', { name: 'Pay with Google Pay' }),
    ).toHaveAccessibleDescription('Test wallet: Mastercard ending 4444');
    await expectAccessible(page);

    // The keyboard reaches the wallet as it would any button.
    await applePay.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
    // Back in the shop: the eSIM is ready, as after a card payment.
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Payment confirmed. Your eSIM is ready.')).toBeVisible();
    expect(await deliveredIccid(page, reference)).toMatch(/^\d{18,22}$/);
  });

  test("the shop serves Apple's domain-verification file as plain text", async ({ request }) => {
    const response = await request.get(applePayDomainAssociationPath.href(), {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(readFileSync(APPLE_PAY_DOMAIN_ASSOCIATION_FILE, 'utf8'));
  });
});
