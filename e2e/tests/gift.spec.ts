/**
 * Gift an eSIM (issue 31), on a phone (390x844): the buyer switches on "This is a gift" on the
 * order summary, names the recipient and a message, and pays; the recipient, signing in with the
 * e-mailed code on another browser, finds the eSIM in their account "A gift from" the buyer; the
 * buyer's profile lists the gift "Sent". In Arabic the fields read right to left, the address
 * left to right. Every page is checked with axe.
 */
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import {
  APPROVED_CARD,
  chooseOnPlanPage,
  forgetStoredSignIn,
  francePlan,
  openHostedPage,
  payWithCard,
  signInOnPage,
  signUp,
  uniqueEmail,
} from '../helpers/purchase';

test.use({ viewport: { width: 390, height: 844 } });

test('a gift lands in the recipient’s account, and the buyer sees it sent', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const plan = await francePlan(request);
  const buyer = await signUp(page, request, 'Rana Haddad');
  const recipient = uniqueEmail('friend');

  // The order summary: the gift's fields appear with the switch, their errors in place.
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  const giftSwitch = page.getByRole('switch', { name: 'This is a gift' });
  await expect(page.getByLabel('Their e-mail address')).toHaveCount(0);
  await giftSwitch.check();
  const email = page.getByLabel('Their e-mail address');
  await email.fill(buyer.email);
  await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();
  await expect(page.getByText(/This is your own e-mail address/)).toBeVisible();
  await expect(email).toBeFocused();
  await expectAccessible(page);

  await email.fill(recipient);
  await page.getByLabel('Your message (optional)').fill('Bon voyage, Sami!');
  await expectAccessible(page);
  await openHostedPage(page);
  await payWithCard(page, APPROVED_CARD);
  await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });

  // The buyer: no eSIM of their own, the gift under "Gifts sent", sent and not installed yet.
  await page.getByRole('tab', { name: 'Gifts sent' }).click();
  const giftCard = page.getByRole('article').filter({ hasText: recipient });
  await expect(giftCard.getByRole('heading', { name: `To ${recipient}` })).toBeVisible();
  await expect(giftCard.getByText('Sent', { exact: true })).toBeVisible();
  await expect(giftCard).toContainText('Bon voyage, Sami!');
  await expectAccessible(page);

  // The recipient, on another browser: signs in with the e-mailed code and finds the eSIM.
  await forgetStoredSignIn(page);
  await page.goto(`/${hrefTo(paths.signIn)}`);
  await signInOnPage(page, request, recipient, 'Sami Karam');
  await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  const esimCard = page.getByRole('article', { name: 'France' });
  await expect(esimCard.getByText('A gift from Rana Haddad')).toBeVisible();
  await expect(esimCard.getByRole('button', { name: /^QR Code/ })).toBeVisible();
  await expect(esimCard.getByRole('button', { name: /^Request refund/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Gifts sent' })).toHaveCount(0);
  await expectAccessible(page);
});

test('the gift fields read right to left in Arabic, the address left to right', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const plan = await francePlan(request);
  const buyer = await signUp(page, request, 'Rana Haddad');
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByRole('switch', { name: 'هذه هدية' }).check();
  const email = page.getByLabel('بريده الإلكتروني');
  await expect(email).toHaveAttribute('dir', 'ltr');
  await email.fill(buyer.email);
  await page.getByRole('button', { name: 'المتابعة إلى الدفع الآمن' }).click();
  await expect(page.getByText(/هذا بريدك الإلكتروني أنت/)).toBeVisible();
  await expect(email).toBeFocused();
  // The switch sits at the right edge, where Arabic starts.
  const switchBox = await page.getByRole('switch', { name: 'هذه هدية' }).boundingBox();
  const labelBox = await page.getByText('هذه هدية', { exact: true }).boundingBox();
  expect(switchBox && labelBox && switchBox.x > labelBox.x).toBe(true);
  await expectAccessible(page);
});
