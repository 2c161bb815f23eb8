/**
 * Referrals (issue 31) on a phone (390x844): buyer A reads their share link and its rules on the
 * profile's "Invite friends" tab; friend B, on another device, opens the link, signs up and pays
 * a first order with another card, and once that payment is captured both profiles show the
 * credit. A referring themself gets nothing: a "+alias" of A's address paying with A's card,
 * nor a new address paying with a new card on A's own phone. The tab is read in French too.
 * Every page is checked with axe.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { creditApiPaths, hrefTo, type Plan, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import {
  APPROVED_CARD,
  chooseOnPlanPage,
  deliveredIccid,
  francePlan,
  openHostedPage,
  payWithCard,
  signInOnPage,
  signUp,
  TEST_MOBILE,
  uniqueEmail,
} from '../helpers/purchase';

test.use({ viewport: { width: 390, height: 844 } });

/** The stand-in gateway approves any valid number: three cards, each its own. */
const CARD_OF_A = APPROVED_CARD; // 5123450000000008
const CARD_OF_B = '4111111111111111';
const ANOTHER_CARD = '4242424242424242';

const REFERRAL_ENTRY = 'A friend’s first order through your link';

/** Buys France's cheapest plan with `card`, up to the delivered eSIM. */
async function buyWith(page: Page, plan: Plan, card: string): Promise<void> {
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  const reference = await openHostedPage(page);
  await payWithCard(page, card);
  await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
  await deliveredIccid(page, reference);
}

/** The profile's Invite friends tab, opened afresh. */
async function openInviteTab(page: Page, tab = 'Invite friends'): Promise<void> {
  await page.goto(`/${hrefTo(paths.profile)}`);
  await page.reload();
  await page.getByRole('tab', { name: tab }).click();
}

/** The profile's credit panel, read after a reload: the balance and the referral entries. */
async function expectCredit(page: Page, balance: string, referralEntries: number): Promise<void> {
  await expect(async () => {
    await page.goto(`/${hrefTo(paths.profile)}`);
    await page.reload();
    const credit = page.getByRole('region', { name: 'Store credit' });
    await expect(credit.getByText(`Balance: ${balance}`)).toBeVisible({ timeout: 3_000 });
    await expect(credit.getByRole('cell', { name: REFERRAL_ENTRY })).toHaveCount(referralEntries);
  }).toPass({ timeout: 30_000 });
}

/** Logout from the phone's menu: the browser stays this device. */
async function logout(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cli_token'))).toBeNull();
}

/** The signed-in account's credit as the server keeps it (read once its orders are done). */
async function creditOf(page: Page): Promise<{ balance: number; entries: unknown[] }> {
  const token = await page.evaluate(() => window.localStorage.getItem('cli_token'));
  const response = await page.request.get(creditApiPaths.credit.href(), {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.ok(), 'the credit answers').toBe(true);
  return (await response.json()) as { balance: number; entries: unknown[] };
}

/** A returning buyer signs in again: the code is read from the newest of their mails. */
async function signInAgain(
  page: Page,
  request: APIRequestContext,
  buyer: { email: string; name: string },
): Promise<void> {
  const mailbox = `/_sandbox/mailbox/messages?to=${encodeURIComponent(buyer.email)}`;
  const before = ((await (await request.get(mailbox)).json()) as unknown[]).length;
  await page.goto(`/${hrefTo(paths.signIn)}`);
  await page.getByLabel('Email address').fill(buyer.email);
  await page.getByLabel('Full name').fill(buyer.name);
  await page.getByLabel('Mobile number').fill(TEST_MOBILE);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  let code = '';
  await expect
    .poll(async () => {
      const messages = (await (await request.get(mailbox)).json()) as { text: string }[];
      code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1] ?? '';
      return messages.length > before && code !== '';
    })
    .toBe(true);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
}

/** Opens a share link, signs a new address up through it and buys with `card`. */
async function referredPurchase(
  page: Page,
  request: APIRequestContext,
  link: string,
  details: { email: string; name: string; card: string; plan: Plan },
): Promise<void> {
  await page.goto(link);
  // The code leaves the address at once; the sign-in page shows.
  await expect(page).toHaveURL(new RegExp(`/#${paths.signIn}$`));
  expect(page.url()).not.toContain('ref=');
  await signInOnPage(page, request, details.email, details.name);
  await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
  await buyWith(page, details.plan, details.card);
}

test('a friend’s first paid order through the share link credits both, and never oneself', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const plan = await francePlan(request);

  // A buys first, so A's card is known, then reads the link and the rules.
  const buyerA = await signUp(page, request, 'Karim Haddad');
  await buyWith(page, plan, CARD_OF_A);
  await openInviteTab(page);
  await expect(
    page.getByRole('heading', { name: /^Give \$\s?5\.00, get \$\s?5\.00$/ }),
  ).toBeVisible();
  const linkField = page.getByLabel('Your link');
  const link = await linkField.inputValue();
  expect(link).toMatch(
    new RegExp(`^${(baseURL ?? '').replace(/[.]/g, '\\.')}/\\?ref=[2-9A-HJKMNP-Z]{8}#/sign-in$`),
  );
  await expect(
    page.getByText(
      'Only for friends: a second account with your e-mail address, card or device gives no credit. At most 5 rewards a month.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('No friend has bought through your link yet; none is waiting.'),
  ).toBeVisible();
  // No credit before any friend has paid.
  await expect(page.getByRole('region', { name: 'Store credit' })).toHaveCount(0);
  await expectAccessible(page);

  // B, on another device, opens the link, signs up and pays with another card.
  const otherDevice = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL,
  });
  const friend = await otherDevice.newPage();
  await friend.goto(link);
  await expect(friend).toHaveURL(new RegExp(`/#${paths.signIn}$`));
  await signInOnPage(friend, request, uniqueEmail('friend'), 'Sami Karam');
  await expect(friend).toHaveURL(new RegExp(`#${paths.plan}$`));
  // Signed up, not paid: A sees them waiting, and nobody has credit yet.
  await openInviteTab(page);
  await expect(
    page.getByText(
      'No friend has bought through your link yet; 1 has signed up and not bought yet.',
    ),
  ).toBeVisible();
  await buyWith(friend, plan, CARD_OF_B);

  // Once B's payment is captured, both have the credit.
  await expectCredit(friend, '$5.00', 1);
  await expectAccessible(friend);
  await expectCredit(page, '$5.00', 1);
  await expect(
    page.getByRole('region', { name: 'Store credit' }).getByRole('cell', { name: '+$5.00' }),
  ).toBeVisible();
  await openInviteTab(page);
  await expect(
    page.getByText('1 friend has bought through your link; none is waiting.'),
  ).toBeVisible();
  await otherDevice.close();

  // The tab in French: the same link, the rules in French.
  await page.evaluate(() => window.localStorage.setItem('lang', 'fr'));
  await openInviteTab(page, 'Inviter des amis');
  await expect(page.getByLabel('Votre lien')).toHaveValue(link);
  await expect(page.getByText(/^Seulement pour vos amis/)).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A, on A's own phone, signs up a "+alias" of A's address through A's link, with A's card.
  const [local, domain] = buyerA.email.split('@');
  await logout(page);
  await referredPurchase(page, request, link, {
    email: `${local}+trip@${domain}`,
    name: 'Karim Haddad',
    card: CARD_OF_A,
    plan,
  });
  expect(await creditOf(page)).toMatchObject({ balance: 0, entries: [] });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Store credit' })).toHaveCount(0);

  // Then a new address and a new card, still on A's phone: the same device, no credit.
  await logout(page);
  await referredPurchase(page, request, link, {
    email: uniqueEmail('second'),
    name: 'K. Haddad',
    card: ANOTHER_CARD,
    plan,
  });
  expect(await creditOf(page)).toMatchObject({ balance: 0, entries: [] });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Store credit' })).toHaveCount(0);

  // A's balance is what B's order gave, and nothing more.
  await logout(page);
  await signInAgain(page, request, buyerA);
  await expectCredit(page, '$5.00', 1);
  expect((await creditOf(page)).balance).toBe(5);
  await openInviteTab(page);
  await expect(
    page.getByText('1 friend has bought through your link; none is waiting.'),
  ).toBeVisible();
  await expectAccessible(page);
});
