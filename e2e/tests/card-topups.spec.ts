/**
 * Paying again with a saved card (issue 32), as a traveller does it in the browser: the card
 * saved during a purchase (ticked on the plan confirmation, paid on the gateway's hosted page),
 * a one-tap top-up from the eSIM card (through the bank's 3-D Secure page for a card that asks)
 * and from the plan confirmation of a top-up; the capped automatic top-up, turned on in its
 * dialog, buying exactly once when the simulator's usage control drives the data to 90% used,
 * and stopped from its e-mail's link; and a removed card's token gone at the stand-in gateway.
 * One screen size: these are journeys, not layouts.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { retrieveToken, storedTokenOf } from '../helpers/gateway';
import {
  APPROVED_CARD,
  type Buyer,
  chooseOnPlanPage,
  completeAuthentication,
  deliveredIccid,
  francePlan,
  openHostedPage,
  payWithCard,
  signUp,
  THREE_D_SECURE_CARD,
} from '../helpers/purchase';

test.use({ viewport: { width: 1280, height: 800 } });

/** How each test card is named once saved: the stand-in's scheme and last four digits. */
const savedName = {
  [APPROVED_CARD]: 'Mastercard •••• 0008',
  [THREE_D_SECURE_CARD]: 'Mastercard •••• 2346',
} as const;
type TestCard = keyof typeof savedName;

const RECEIPT_SUBJECT = /^Tern topped up your eSIM automatically \(.+\)$/;

interface Traveller extends Buyer {
  iccid: string;
  /** The first purchase's reference at the gateway: its order holds the card's token. */
  reference: string;
}

/**
 * Signs a new traveller up and buys France's cheapest plan, ticking "Save this card" on the
 * plan confirmation and paying with `card` on the hosted page (its bank's check passed when it
 * asks for one); they end on the profile with the eSIM delivered.
 */
async function buyAndSaveCard(
  page: Page,
  request: APIRequestContext,
  card: TestCard,
  { checkConsent = false } = {},
): Promise<Traveller> {
  const plan = await francePlan(request);
  const buyer = await signUp(page, request, 'Lina Saab');
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  const consent = page.getByRole('region', { name: 'Save your card' });
  const save = consent.getByRole('checkbox', { name: 'Save this card for one-tap top-ups' });
  await expect(save).not.toBeChecked();
  await save.check();
  if (checkConsent) {
    await expect(consent).toContainText('we never store your card number');
    await expect(consent).toContainText('automatic top-ups only if you turn them on later');
    await expect(consent).toContainText('You can remove it from your profile at any time.');
    await expectAccessible(page);
  }
  const reference = await openHostedPage(page);
  await payWithCard(page, card);
  if (card === THREE_D_SECURE_CARD) await completeAuthentication(page);
  await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
  return { ...buyer, reference, iccid: await deliveredIccid(page, reference) };
}

const cardOf = (page: Page, iccid: string) => page.getByRole('article').filter({ hasText: iccid });
const forEsim = (words: string, iccid: string) => `${words} for eSIM ${iccid}`;

/** The eSIM card's bundles: the first purchase and, once bought, the top-ups above it. */
async function expectTopupBundle(card: Locator, topups: number): Promise<void> {
  const bundles = card.getByRole('region', { name: /^Bundles? ?/ });
  await expect(bundles.getByRole('listitem')).toHaveCount(1 + topups);
  await expect(bundles.getByRole('listitem').filter({ hasText: 'Top-up, ' })).toHaveCount(topups);
}

const paymentConfirmed = (page: Page) =>
  page
    .getByRole('region', { name: 'Notifications' })
    .getByText('Payment confirmed. Your eSIM is ready.');

/** The confirmation page opens (it may hand on to the profile straight away). */
const confirmationPageOpened = (page: Page) =>
  page.waitForURL(new RegExp(`#${paths.paymentSuccessful}$`), { waitUntil: 'commit' });

/**
 * Pays with `pay` once the first purchase's notice has faded, so the one the confirmation
 * page leaves is the top-up's own; the page follows the order, then shows the traveller's eSIMs.
 */
async function payThenConfirmed(page: Page, pay: Locator): Promise<void> {
  await expect(paymentConfirmed(page)).toHaveCount(0);
  // Listening before the click: the confirmation page may hand on to the profile at once.
  await Promise.all([confirmationPageOpened(page), pay.click()]);
  await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
  await expect(paymentConfirmed(page)).toBeVisible();
}

/** The simulator's control of an eSIM, as the phone and the network would change it. */
async function control(request: APIRequestContext, iccid: string, what: string, data: object) {
  const response = await request.post(`/_sandbox/esimgo/control/esims/${iccid}/${what}`, { data });
  expect(response.ok(), await response.text()).toBe(true);
}

interface MailboxMessage {
  subject: string;
  text: string;
}

async function receiptsTo(request: APIRequestContext, email: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as MailboxMessage[];
  return messages.filter((message) => RECEIPT_SUBJECT.test(message.subject));
}

test.describe('a saved card', () => {
  test('is saved during a purchase when the traveller ticks it, and the profile lists it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const traveller = await buyAndSaveCard(page, request, APPROVED_CARD, { checkConsent: true });

    const cards = page.getByRole('region', { name: 'Saved cards' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards.getByRole('listitem')).toContainText('Mastercard ending in 0008');
    await expect(cards.getByRole('listitem')).toContainText('Expires 12/39');
    // The card now offers to top up with it, in one tap or by itself.
    const esim = cardOf(page, traveller.iccid);
    await expect(
      esim.getByRole('button', { name: forEsim('Top up in one tap', traveller.iccid) }),
    ).toBeVisible();
    await expect(
      esim
        .getByRole('region', { name: 'Automatic top-up' })
        .getByRole('button', { name: forEsim('Turn on automatic top-up', traveller.iccid) }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('is removed in the profile, and its token is gone at the gateway', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const traveller = await buyAndSaveCard(page, request, APPROVED_CARD);
    const token = await storedTokenOf(request, traveller.reference);
    expect((await retrieveToken(request, token)).body).toMatchObject({
      result: 'SUCCESS',
      status: 'VALID',
    });

    const cards = page.getByRole('region', { name: 'Saved cards' });
    await cards.getByRole('button', { name: 'Remove: Mastercard ending in 0008' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
    await expect(dialog).toContainText(
      'The Mastercard card ending in 0008 will be deleted from the payment service',
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Remove card' }).click();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Card removed.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cards).toHaveCount(0);
    await expect(
      cardOf(page, traveller.iccid).getByRole('button', { name: /^Top up in one tap/ }),
    ).toHaveCount(0);

    // The gateway's repository no longer has it: Retrieve Token refuses the token.
    const retrieved = await retrieveToken(request, token);
    expect(retrieved.status).toBe(400);
    expect(retrieved.body).toMatchObject({
      result: 'ERROR',
      error: { cause: 'INVALID_REQUEST', field: 'tokenid' },
    });
  });
});

test.describe('a one-tap top-up', () => {
  test('from the eSIM card: the dialog pays at once, and the eSIM shows the top-up', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const traveller = await buyAndSaveCard(page, request, APPROVED_CARD);
    const esim = cardOf(page, traveller.iccid);
    await esim.getByRole('button', { name: forEsim('Top up in one tap', traveller.iccid) }).click();

    const dialog = page.getByRole('dialog', { name: 'Top up in one tap' });
    await expect(dialog).toContainText(`The plan is added to eSIM ${traveller.iccid}`);
    await expect(dialog.getByLabel('Plan')).toBeVisible();
    const pay = dialog.getByRole('button', {
      name: new RegExp(`^Pay .+ with ${savedName[APPROVED_CARD]}$`),
    });
    await expect(pay).toBeEnabled();
    await expectAccessible(page);
    await payThenConfirmed(page, pay);

    await expectTopupBundle(cardOf(page, traveller.iccid), 1);
  });

  test('with a 3-D Secure card: through the bank’s check page, back to the confirmation', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const traveller = await buyAndSaveCard(page, request, THREE_D_SECURE_CARD);
    const esim = cardOf(page, traveller.iccid);
    await esim.getByRole('button', { name: forEsim('Top up in one tap', traveller.iccid) }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up in one tap' });
    await dialog
      .getByRole('button', { name: new RegExp(`^Pay .+ with ${savedName[THREE_D_SECURE_CARD]}$`) })
      .click();

    // The bank's page, out of the shop's app: the traveller confirms it is them.
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
    await expect(page).toHaveURL(/\/_sandbox\/gateway\//);
    await expectAccessible(page);
    await Promise.all([confirmationPageOpened(page), completeAuthentication(page)]);
    await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
    await expect(paymentConfirmed(page)).toBeVisible();
    await expectTopupBundle(cardOf(page, traveller.iccid), 1);
  });

  test('from the plan confirmation of a top-up: "Pay now with" the saved card', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const traveller = await buyAndSaveCard(page, request, APPROVED_CARD);
    await cardOf(page, traveller.iccid)
      .getByRole('link', { name: forEsim('Topup', traveller.iccid) })
      .click();
    await expect(page).toHaveURL(/purchase_type=Topup/);
    await page.getByRole('button', { name: 'Buy Now' }).first().click();
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
    await expect(page.getByText(`Top-up for eSIM ${traveller.iccid}`)).toBeVisible();

    const savedCard = page.getByRole('region', { name: 'Pay now with a saved card' });
    await expect(savedCard).toContainText('The top-up is paid at once with your card.');
    await expectAccessible(page);
    await payThenConfirmed(
      page,
      savedCard.getByRole('button', { name: `Pay now with ${savedName[APPROVED_CARD]}` }),
    );
    await expectTopupBundle(cardOf(page, traveller.iccid), 1);
  });
});

test.describe('automatic top-up', () => {
  test('turned on, buys exactly once when 90% of the data is used, and stops from its e-mail', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const traveller = await buyAndSaveCard(page, request, APPROVED_CARD);
    const plan = await francePlan(request);
    // The phone installs it and has been on the network a few minutes: its bundle is in use.
    await control(request, traveller.iccid, 'status', { profileStatus: 'Installed' });
    await control(request, traveller.iccid, 'backdate', { hours: 0.1 });
    await page.reload();

    const esim = cardOf(page, traveller.iccid);
    const panel = esim.getByRole('region', { name: 'Automatic top-up' });
    await expect(panel).toContainText('Off. Turn it on to buy a plan by itself');
    await panel
      .getByRole('button', { name: forEsim('Turn on automatic top-up', traveller.iccid) })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Automatic top-up' });
    await expect(dialog.getByLabel('Plan to buy')).toHaveValue(plan.pla_name);
    await expect(dialog.getByLabel('Top up when this share of the data is left (%)')).toHaveValue(
      '10',
    );
    await expect(dialog.getByLabel('At most this many top-ups a month')).toHaveValue('2');
    // The consent, in full words, before the button.
    await expect(dialog).toContainText(
      new RegExp(
        `We will charge ${savedName[APPROVED_CARD]} .+ for .+ each time, at most 2 times a month, without asking you again\\. You can stop at any time here or from the e-mail we send after each top-up\\.`,
      ),
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Turn on automatic top-up' }).click();
    await expect(dialog).toBeHidden();

    const facts = (term: string) =>
      panel.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect(panel.getByText('On', { exact: true })).toBeVisible();
    await expect(facts('Card')).toHaveText(savedName[APPROVED_CARD]);
    await expect(facts('When')).toHaveText('When 10% of the data is left');
    await expect(facts('Limit')).toHaveText('At most 2 times a month');
    await expect(facts('This month')).toHaveText('No automatic top-up yet');
    await expect(
      panel.getByRole('button', { name: forEsim('Stop automatic top-up', traveller.iccid) }),
    ).toBeVisible();
    await expectAccessible(page);

    // 90% of the data used: the simulator tells the shop (eSIM Go's 80% callback).
    await control(request, traveller.iccid, 'usage', { usedPercent: 90 });
    await expect
      .poll(async () => (await receiptsTo(request, traveller.email)).length, { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(
        async () => {
          await page.reload();
          return facts('This month').textContent();
        },
        { timeout: 30_000 },
      )
      .toBe('1 automatic top-up');
    await expectTopupBundle(esim, 1);
    // Still one: neither the reading nor the shop's own poll bought again.
    const [receipt] = await receiptsTo(request, traveller.email);
    expect(await receiptsTo(request, traveller.email)).toHaveLength(1);
    expect(receipt?.text).toContain(`your eSIM ${traveller.iccid} was running low on data`);
    // The card by its last four digits (the e-mail writes the scheme as the gateway names it).
    expect(receipt?.text).toMatch(/We charged .+ to mastercard •••• 0008\./i);
    expect(receipt?.text).toContain('This was automatic top-up 1 of at most 2 this month.');

    // The e-mail's stop link, opened where nobody is signed in.
    const stopLink = /Stop automatic top-up: (\S+)/.exec(receipt?.text ?? '')?.[1] ?? '';
    expect(stopLink).toContain(`/${hrefTo(paths.autoTopupStop)}?token=`);
    const signedOut = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      const stopPage = await signedOut.newPage();
      await stopPage.goto(stopLink);
      await expect(
        stopPage.getByRole('heading', { level: 2, name: 'Automatic top-up is off' }),
      ).toBeVisible();
      await expect(
        stopPage.getByRole('link', { name: 'Sign in to manage automatic top-up' }),
      ).toBeVisible();
      await expectAccessible(stopPage);
    } finally {
      await signedOut.close();
    }

    await page.reload();
    await expect(panel).toContainText('Off. Turn it on to buy a plan by itself');
    await expect(
      panel.getByRole('button', { name: forEsim('Turn on automatic top-up', traveller.iccid) }),
    ).toBeVisible();
    expect(await receiptsTo(request, traveller.email)).toHaveLength(1);
  });
});
