import { chromium, type Page } from '@playwright/test';
import {
  breakdownFromTotal,
  formatAmount,
  hrefTo,
  type LedgerPage,
  type OrderStatus,
  orderMessages,
  paths,
  planDetailsQuery,
  profileApiPaths,
} from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { MOBILE_APP_SCHEME } from '../helpers/mobile-app';
import {
  APPROVED_CARD,
  chooseOnPlanPage,
  completeAuthentication,
  france,
  francePlan,
  franceUrl,
  openHostedPage,
  orderStatus,
  payWithCard,
  readSignInCode,
  signInOnPage,
  signUp,
  TEST_MOBILE,
  THREE_D_SECURE_CARD,
  uniqueEmail,
} from '../helpers/purchase';

const DECLINED_CARD = '4000000000000002';
const DECLINED_MESSAGE = 'Your card was declined. Try another card.';
const WARNING =
  'If your payment is rejected or slow, wait 10 minutes and check your account status before trying again.';

const usd = (amount: number) => `$ ${formatAmount(amount)}`;

const stored = (page: Page, key: string) =>
  page.evaluate((name) => window.localStorage.getItem(name), key);

test.describe('buying a plan', () => {
  test('a signed-out visitor buys a France plan: sign-in, order summary, card, eSIM in the account', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const plan = await francePlan(request);
    const email = uniqueEmail('buyer');

    // Signed out: Proceed keeps the plan and asks to sign in; signing in leads back to it.
    await chooseOnPlanPage(page, plan);
    await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
    await signInOnPage(page, request, email, 'Rana Haddad');
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));

    // The order summary works back from the plan's price, which is the total.
    await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
    const parts = breakdownFromTotal(plan.pla_price);
    const summary = page.getByRole('table', { name: 'Your order' });
    await expect(summary.getByRole('columnheader')).toHaveText([
      'Description',
      'Price',
      'Quantity',
      'Amount',
    ]);
    await expect(summary.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      usd(parts.subtotal),
      '1',
      usd(parts.subtotal),
    ]);
    await expect(
      summary.getByRole('rowheader', { name: `France eSIM · ${plan.pla_title}` }),
    ).toBeVisible();
    const chargeRow = (label: string) => summary.getByRole('row', { name: label });
    await expect(chargeRow('Subtotal')).toContainText(usd(parts.subtotal));
    await expect(chargeRow('VAT (11%)')).toContainText(usd(parts.vat));
    // 0.22, or 0.23 on the prices no subtotal reaches exactly ($1.99; decision 0030).
    await expect(chargeRow('Stamps')).toContainText(usd(parts.stamps));
    await expect(chargeRow('Total (USD)')).toContainText(usd(plan.pla_price));
    await expect(page.getByText(WARNING)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute(
      'href',
      `#${franceUrl.slice(2)}`,
    );
    await expectAccessible(page);

    // The gateway's hosted page asks for the same total.
    const createSession = page.waitForRequest('**/api/payment/create-session');
    const reference = await openHostedPage(page);
    expect((await createSession).postDataJSON()).toEqual({
      pur_pla_name: plan.pla_name,
      pur_client_name: 'Rana Haddad',
      pur_client_email: email,
      pur_type: 'Regular',
    });
    expect(await stored(page, 'sessionid')).toBeTruthy();
    await expect(page.getByText(formatAmount(plan.pla_price)).first()).toBeVisible();

    // Approved: back in the shop, the payment is confirmed and the buyer lands in the account.
    const backInShop = page.waitForURL(/\?resultIndicator=.+#\/payment_successfull$/, {
      waitUntil: 'commit',
    });
    await payWithCard(page, APPROVED_CARD);
    await backInShop;
    await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
    // The toast says so on the profile (the success page says it too, until the profile shows).
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Payment confirmed. Your eSIM is ready.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    // The gateway's query is gone, and so is the finished payment session.
    expect(new URL(page.url()).search).toBe('');
    expect(await stored(page, 'sessionid')).toBeNull();
    expect(await stored(page, 'led_payment_gateway_ref')).toBeNull();

    // The order is delivered, and the buyer's ledger holds it.
    const settled = await orderStatus(page, reference);
    expect(settled.status).toBe('fulfilled' satisfies OrderStatus);
    expect(settled.iccid).toMatch(/^\d{18,22}$/);
    const token = await stored(page, 'cli_token');
    const ledger = await page.request.get(profileApiPaths.ledger.href(email), {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(ledger.ok()).toBe(true);
    const { data } = (await ledger.json()) as LedgerPage;
    expect(data).toContainEqual(
      expect.objectContaining({
        led_pla_name: plan.pla_name,
        led_payment_gateway_ref: reference,
        led_iccid: settled.iccid,
      }),
    );
  });

  test("a 3-D Secure card pays on the page the gateway's checkout.js opens, and #/payment shows it again", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const plan = await francePlan(request);
    await signUp(page, request);
    await chooseOnPlanPage(page, plan);
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));

    // The payment route loads the gateway's own library, which opens the session's page.
    const library = page.waitForResponse('**/_sandbox/gateway/static/checkout/checkout.min.js');
    const reference = await openHostedPage(page);
    expect((await library).ok()).toBe(true);
    const sessionId = await stored(page, 'sessionid');
    expect(page.url()).toMatch(new RegExp(`/pay/${sessionId}$`));

    // On #/payment opened anew (a reload, a bookmark): the stored session's page again.
    await page.goto(`/${hrefTo(paths.payment)}`);
    await expect(page).toHaveURL(new RegExp(`/_sandbox/gateway/pay/${sessionId}$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible();

    // The issuer's challenge comes between the card and the payment.
    await payWithCard(page, THREE_D_SECURE_CARD);
    await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeVisible();
    await expectAccessible(page);
    await completeAuthentication(page);
    await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Payment confirmed. Your eSIM is ready.')).toBeVisible();
    const settled = await orderStatus(page, reference);
    expect(settled.status).toBe('fulfilled' satisfies OrderStatus);
  });

  test("a declined card shows the gateway's message and the order is not paid", async ({
    page,
    request,
  }) => {
    const plan = await francePlan(request);
    await signUp(page, request);
    await chooseOnPlanPage(page, plan);
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
    const reference = await openHostedPage(page);

    await payWithCard(page, DECLINED_CARD);
    await expect(page.getByText(DECLINED_MESSAGE).first()).toBeVisible();
    await expect(page).toHaveURL(/\/_sandbox\/gateway\/pay\//);
    const { status } = await orderStatus(page, reference);
    expect(['created', 'awaiting_payment', 'payment_failed']).toContain(status);
  });

  test('Cancel on the gateway page returns to the plan page, and nothing is charged', async ({
    page,
    request,
  }) => {
    const plan = await francePlan(request);
    await signUp(page, request);
    await chooseOnPlanPage(page, plan);
    const reference = await openHostedPage(page);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'France Packages' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#${franceUrl.slice(2).replace(/[?+]/g, '\\$&')}$`));
    await expect(page.getByText('Payment cancelled. You have not been charged.')).toBeVisible();
    expect(await stored(page, 'sessionid')).toBeNull();
    const { status } = await orderStatus(page, reference);
    expect(['created', 'awaiting_payment', 'cancelled']).toContain(status);
  });

  test("a refused payment session shows 'Error:' and the server's reason, and the spinner goes", async ({
    page,
    request,
  }) => {
    const plan = await francePlan(request);
    await signUp(page, request);
    await page.route('**/api/payment/create-session', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: orderMessages.gatewayUnavailable }),
      }),
    );
    await chooseOnPlanPage(page, plan);
    await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `Error: ${orderMessages.gatewayUnavailable}` }),
    ).toBeVisible();
    await expect(page.getByText('Loading…')).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
    expect(await stored(page, 'sessionid')).toBeNull();
  });

  test("the payment page says so when the gateway's script cannot reach its server, and nothing is charged", async ({
    page,
    request,
  }) => {
    const plan = await francePlan(request);
    await signUp(page, request);
    // The library loads, then fails to reach its server: it reports SERVER_FAILED to the
    // function the script tag names in data-error, as MPGS's checkout.js does.
    await page.route('**/_sandbox/gateway/checkout/ping', (route) => route.abort());
    await chooseOnPlanPage(page, plan);
    await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();
    await expect(page).toHaveURL(new RegExp(`#${paths.payment}$`));
    await expect(
      page.getByRole('heading', { name: 'The payment page could not be opened.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    const reference = (await stored(page, 'led_payment_gateway_ref')) ?? '';
    const { status } = await orderStatus(page, reference);
    expect(['created', 'awaiting_payment']).toContain(status);
  });

  test('a top-up names the eSIM it tops up', async ({ page, request }) => {
    const plan = await francePlan(request);
    await signUp(page, request);
    const iccid = '8944500102198304826';
    const topupUrl = `/${hrefTo(
      paths.planDetails,
      planDetailsQuery(france, { purchaseType: 'Topup', iccid }),
    )}`;
    await page.goto(topupUrl);
    await expect(page.getByText(`Top-up for eSIM ${iccid}`)).toBeVisible();
    await page
      .getByRole('article', { name: plan.pla_title, exact: true })
      .getByRole('button', { name: 'Buy Now' })
      .click();
    // A top-up goes onto an eSIM the phone has: no compatibility step (issue 26).
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
    await expect(page.getByText(`Top-up for eSIM ${iccid}`)).toBeVisible();

    // Not this buyer's eSIM: the server refuses, and says why.
    const createSession = page.waitForRequest('**/api/payment/create-session');
    await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();
    expect((await createSession).postDataJSON()).toMatchObject({
      pur_pla_name: plan.pla_name,
      pur_type: 'Topup',
      pur_client_iccid: iccid,
    });
    await expect(page.getByRole('alert').filter({ hasText: /^Error: / })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  });
});

test.describe('Back from the gateway', () => {
  test('offers to continue the stored payment instead of sending the payer forward again', async ({
    baseURL,
    request,
  }) => {
    // Chromium's back-forward cache would restore the shop's page as it was; without it (other
    // browsers, pages it will not keep) the payment route loads anew and must not bounce.
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-back-forward-cache'],
    });
    try {
      const page = await (await browser.newContext({ baseURL })).newPage();
      const plan = await francePlan(request);
      await signUp(page, request);
      await chooseOnPlanPage(page, plan);
      await openHostedPage(page);
      const sessionId = await stored(page, 'sessionid');

      await page.goBack();
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(new RegExp(`#${paths.payment}$`));
      await expect(
        page.getByRole('heading', { name: 'Your payment is not finished.' }),
      ).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page).toHaveURL(new RegExp(`/_sandbox/gateway/pay/${sessionId}$`));
    } finally {
      await browser.close();
    }
  });
});

test.describe('the order summary', () => {
  test('without a chosen plan it says No plan selected for purchase, and leads to the plans', async ({
    page,
    request,
  }) => {
    await signUp(page, request);
    await page.goto(`/${hrefTo(paths.planConfirmation)}`);
    await expect(
      page.getByRole('alert').filter({ hasText: orderMessages.noPlanSelected }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
  });

  test('signed out, it sends the visitor to sign in and keeps the plan', async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('buy-data', JSON.stringify({ pla_name: 'kept' }));
    });
    await page.goto(`/${hrefTo(paths.planConfirmation)}`);
    await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
    expect(await stored(page, 'buy-data')).toBe(JSON.stringify({ pla_name: 'kept' }));
  });
});

test.describe('the payment pages', () => {
  /** A signed-in buyer with an order in progress, without going through the gateway. */
  async function withPaymentInProgress(page: Page, reference: string) {
    await page.addInitScript((ref) => {
      window.localStorage.setItem('cli_token', 'a-token');
      window.localStorage.setItem('cli_email', 'maya@example.com');
      window.localStorage.setItem('cli_name', 'Maya');
      window.localStorage.setItem('sessionid', 'SESSION0001');
      window.localStorage.setItem('led_payment_gateway_ref', ref);
    }, reference);
    await page.route('**/api/client/validatetoken', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ cli_email: 'maya@example.com', cli_name: 'Maya' }),
      }),
    );
  }

  test('a declined payment on return says so, with what to do, and forgets the session', async ({
    page,
  }) => {
    const reference = 'TRN-AAAAAAAAAAAAAAAA';
    await withPaymentInProgress(page, reference);
    const asked: string[] = [];
    await page.route(`**/api/payment/check-status/${reference}**`, (route) => {
      asked.push(route.request().url());
      const status: OrderStatus = asked.length < 2 ? 'awaiting_payment' : 'payment_failed';
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status, message: 'from the server' }),
      });
    });
    await page.goto(`/?resultIndicator=abc&sessionVersion=1${hrefTo(paths.paymentSuccessful)}`);
    await expect(
      page.getByRole('status').filter({ hasText: 'Confirming your payment' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Your payment did not go through.');
    await expect(page.getByRole('alert')).toContainText('You have not been charged.');
    // The confirmation call passed on the gateway's result indicator, to be checked.
    expect(new URL(asked[0] ?? '').searchParams.get('resultIndicator')).toBe('abc');
    expect(new URL(page.url()).search).toBe('');
    expect(await stored(page, 'led_payment_gateway_ref')).toBeNull();
    await expectAccessible(page);
    await expect(page.getByRole('link', { name: 'Go to my account' })).toBeVisible();
  });

  test('a payment still processing after a minute gets the advice to wait and check', async ({
    page,
  }) => {
    const reference = 'TRN-BBBBBBBBBBBBBBBB';
    await page.clock.install();
    await withPaymentInProgress(page, reference);
    await page.route(`**/api/payment/check-status/${reference}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'paid', message: 'from the server' }),
      }),
    );
    await page.goto(`/${hrefTo(paths.paymentSuccessful)}`);
    await expect(page.getByText('Payment received. Preparing your eSIM…')).toBeVisible();
    await page.clock.runFor(61_000);
    await expect(page.getByText('Your payment is still being processed.')).toBeVisible();
    await expect(page.getByText(WARNING)).toBeVisible();
    await expectAccessible(page);
    // The reference is kept, so checking again (or a reload) still finds the order.
    expect(await stored(page, 'led_payment_gateway_ref')).toBe(reference);
    await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
  });

  test('an unknown order on return gets a helpful line, not an error page', async ({ page }) => {
    const reference = 'TRN-CCCCCCCCCCCCCCCC';
    await withPaymentInProgress(page, reference);
    await page.route(`**/api/payment/check-status/${reference}**`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ message: orderMessages.orderNotFound }),
      }),
    );
    await page.goto(`/${hrefTo(paths.paymentSuccessful)}`);
    await expect(page.getByText('We could not check your payment just now.')).toBeVisible();
    await expect(page.getByText('Loading…')).toBeHidden();
    await expectAccessible(page);
  });

  test("payment_cancel alerts the spec's message and goes to the plan landing", async ({
    page,
  }) => {
    await page.goto(`/${hrefTo(paths.paymentCancel)}`);
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
    await expect(
      page.getByRole('alert').filter({ hasText: orderMessages.paymentCanceled }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your destination' }),
    ).toBeVisible();
  });

  test('the payment route without a live session says it has expired', async ({ page }) => {
    await page.goto(`/${hrefTo(paths.payment)}`);
    await expect(
      page.getByText('Your payment session has expired. Start again from your plan.'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
  });

  test('payment-redirect hands a mobile payment to the app at MOBILE_APP_SCHEME, and a web one to its page', async ({
    page,
  }) => {
    // Headless Chromium cannot open the app's link; only where the page points is checked.
    await page.route(`${MOBILE_APP_SCHEME}://**`, (route) => route.abort());
    await page.goto(`/${hrefTo(paths.paymentRedirect, { platform: 'mobile', status: 'success' })}`);
    await expect(page.getByRole('link', { name: 'Open the app' })).toHaveAttribute(
      'href',
      `${MOBILE_APP_SCHEME}://payment/success`,
    );
    await expectAccessible(page);

    await page.goto(`/${hrefTo(paths.paymentRedirect, { platform: 'web', status: 'cancelled' })}`);
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
    await expect(page.getByText('Payment cancelled. You have not been charged.')).toBeVisible();
  });
});

test.describe('the legacy checkout', () => {
  test('checks the form, confirms the e-mail with a code, then opens the payment page', async ({
    page,
    request,
  }) => {
    const plan = await francePlan(request);
    await page.addInitScript(
      (stored) => {
        if (window.sessionStorage.getItem('seeded')) return;
        window.sessionStorage.setItem('seeded', 'yes');
        window.localStorage.setItem('buy-data', JSON.stringify(stored.plan));
        window.localStorage.setItem('plan-url', stored.url);
      },
      { plan, url: franceUrl.slice(1) },
    );
    await page.goto(`/${hrefTo(paths.checkout)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your order' })).toContainText(
      usd(plan.pla_price),
    );

    const email = page.getByLabel('Email');
    const name = page.getByLabel('Name', { exact: true });
    const mobile = page.getByLabel('Mobile');
    await email.fill('rana@');
    await email.press('Tab');
    await name.fill('Al');
    await name.press('Tab');
    await mobile.fill('12');
    await mobile.press('Tab');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email');
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(mobile).toHaveAccessibleDescription(/Mobile is required/);
    await expectAccessible(page);

    const address = uniqueEmail('legacy');
    await email.fill(address);
    await name.fill('Rana Haddad');
    await mobile.fill(TEST_MOBILE);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('6-digit code').fill(await readSignInCode(request, address));
    await page.getByRole('button', { name: 'Verify' }).click();

    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details).toContainText(address);
    await expect(details).toContainText('Rana Haddad');
    await expectAccessible(page);
    await details.getByRole('button', { name: 'Proceed to payment' }).click();
    await expect(page).toHaveURL(/\/_sandbox\/gateway\/pay\//);
    expect(await stored(page, 'led_payment_gateway_ref')).toBeTruthy();
  });
});
