/**
 * The production rehearsal an operator runs before going live: `npm run sandboxes` in its own
 * process, in the harshest settings the stand-ins offer, and a shop with NODE_ENV=production
 * given only what that process printed. The shop mounts no stand-in of its own; everything
 * outside it is reached over the network, the sign-in code and the receipt travel over SMTP
 * (login and STARTTLS), the card is paid on the gateway's own origin, and the gateway's webhook
 * notifications come back to the shop.
 */
import { type APIRequestContext, request as newRequestContext, type Page } from '@playwright/test';
import { orderApiPaths, type PaymentConfirmation, paths } from '@tern/contract';
import { test as base, expect } from '../fixtures';
import {
  APPROVED_CARD,
  type Buyer,
  chooseOnPlanPage,
  completeAuthentication,
  deliveredIccid,
  failAuthentication,
  francePlan,
  payWithCard,
  signUp,
  THREE_D_SECURE_CARD,
} from '../helpers/purchase';
import { mailFromWithoutTls, type Rehearsal, startRehearsal } from '../helpers/rehearsal';

interface RehearsalFixtures {
  /** The sandboxes' own address, where the SMTP catcher lists what it caught. */
  sandboxes: APIRequestContext;
}

// One rehearsal per worker (a worker fixture, set up before any test needs it); pages and API
// calls go to its production shop, not to the embedded one of global-setup.
const test = base.extend<RehearsalFixtures, { rehearsal: Rehearsal }>({
  rehearsal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture needs from this pattern
    async ({}, use) => {
      const rehearsal = await startRehearsal();
      try {
        await use(rehearsal);
      } finally {
        await rehearsal.stop();
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ rehearsal }, use) => use(rehearsal.shopUrl),
  sandboxes: async ({ rehearsal }, use) => {
    const context = await newRequestContext.newContext({ baseURL: rehearsal.sandboxesUrl });
    await use(context);
    await context.dispose();
  },
});

// The tests share the worker's rehearsal: they run in order in one worker.
test.describe.configure({ mode: 'default' });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The order reference of the payment session the page opens next, read as the answer passes:
 * the page leaves for the gateway's origin at once, and a loaded machine may get there before
 * a response body could be asked for.
 */
async function watchReference(page: Page): Promise<() => string> {
  let reference = '';
  await page.route(`**${orderApiPaths.createSession.href()}`, async (route) => {
    const response = await route.fetch();
    if (response.ok()) {
      reference = ((await response.json()) as { led_payment_gateway_ref: string })
        .led_payment_gateway_ref;
    }
    await route.fulfill({ response });
  });
  return () => reference;
}

/** The receipts of one order in the buyer's inbox at the SMTP catcher. */
async function receiptsOf(sandboxes: APIRequestContext, buyer: Buyer, reference: string) {
  const answer = await sandboxes.get(
    `/_sandbox/mailbox/messages?to=${encodeURIComponent(buyer.email)}`,
  );
  const messages = (await answer.json()) as { subject: string }[];
  return messages.filter((message) => message.subject.includes(reference)).length;
}

test('the stand-ins run in their harshest settings', async ({ rehearsal, sandboxes }) => {
  // eSIM Go's answers in the least kind of their documented shapes.
  const shapes = await sandboxes.get('/_sandbox/esimgo/control/shapes');
  expect(await shapes.json()).toEqual({
    assignmentReference: 'suffixed',
    installDetails: 'object',
    ordersList: 'bare',
    callbackBundleId: 'absent',
    compatibility: 'message',
  });
  // eSIM Go's 10 calls a second per address, as v2.4 introduced.
  const rateLimit = await sandboxes.get('/_sandbox/esimgo/control/rate-limit');
  expect(await rateLimit.json()).toMatchObject({ perSecond: 10 });
  // The gateway refuses a reused transaction id and shows a voided order CANCELLED.
  const gateway = await sandboxes.get('/_sandbox/gateway/control/');
  expect(await gateway.json()).toMatchObject({
    reusedTransactionIds: 'refuse',
    voidedOrderStatus: 'CANCELLED',
    lostAnswers: 0,
    down: false,
  });
  // The SMTP catcher wants STARTTLS before anything else, then a login: the shop was given
  // the login in SMTP_URL and the catcher's certificate to trust in SMTP_CA_FILE.
  const { SMTP_URL, SMTP_CA_FILE, GATEWAY_NOTIFICATION_SECRET } = rehearsal.printed;
  const smtp = new URL(SMTP_URL);
  expect(smtp.username).not.toBe('');
  expect(smtp.password).not.toBe('');
  expect(SMTP_CA_FILE).toMatch(/smtp-catcher-certificate\.pem$/);
  const plain = await mailFromWithoutTls(SMTP_URL);
  expect(plain.extensions).toContain('STARTTLS');
  expect(plain.mailFrom).toMatch(/^530 /);
  // The gateway's notifications carry a secret the shop was given too.
  expect(GATEWAY_NOTIFICATION_SECRET.length).toBeGreaterThanOrEqual(16);
});

test('the production shop mounts none of the stand-ins it is pointed at', async ({
  request,
  sandboxes,
}) => {
  for (const path of [
    '/_sandbox/mailbox/messages',
    '/_sandbox/esimgo/v2.4/catalogue',
    '/_sandbox/gateway/static/checkout/checkout.min.js',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  expect((await sandboxes.get('/_sandbox/mailbox/messages')).status()).toBe(200);
});

test('a traveller buys an eSIM from a production shop that reaches every outside service over the network', async ({
  page,
  request,
  rehearsal,
  sandboxes,
}) => {
  test.setTimeout(180_000);
  const plan = await francePlan(request);
  // The sign-in code is read from the SMTP catcher: the shop sent it over SMTP.
  const buyer = await signUp(page, sandboxes);

  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  const openedReference = await watchReference(page);
  await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();

  // The shop's page loaded the gateway's checkout.min.js, which took the browser to the
  // gateway's own origin; the 3-D Secure challenge happens there too.
  await expect(page).toHaveURL(new RegExp(`^${escaped(rehearsal.printed.GATEWAY_URL)}/pay/`));
  const reference = openedReference();
  expect(reference, 'the shop opened a payment session').not.toBe('');
  await payWithCard(page, THREE_D_SECURE_CARD);
  await completeAuthentication(page);
  await expect(page).toHaveURL(new RegExp(`^${escaped(rehearsal.shopUrl)}/#${paths.profile}$`), {
    timeout: 60_000,
  });

  const iccid = await deliveredIccid(page, reference);

  // The receipt with the eSIM reached the buyer's inbox over SMTP.
  await expect.poll(() => receiptsOf(sandboxes, buyer, reference), { timeout: 30_000 }).toBe(1);

  // Exactly one eSIM was bought at the provider, the one the shop delivered, as the
  // simulator's own order list counts them (a fresh sandboxes process: no other orders).
  const providerOrders = await sandboxes.get(
    `${rehearsal.printed.ESIMGO_URL}/orders?includeIccids=true`,
    { headers: { 'X-API-Key': rehearsal.printed.ESIMGO_API_KEY } },
  );
  expect(providerOrders.status()).toBe(200);
  // The orders alone, the simulator's default of v2.4's two renderings (README, test switches).
  const listed = (await providerOrders.json()) as unknown[];
  expect(listed).toHaveLength(1);
  expect(JSON.stringify(listed)).toContain(iccid);
});

test("the gateway's checkout script, from the gateway's own origin, loads all it needs under the shop's content security policy, and the card is paid", async ({
  page,
  request,
  rehearsal,
  sandboxes,
}) => {
  test.setTimeout(180_000);
  const gatewayRoot = rehearsal.printed.GATEWAY_URL;
  expect(new URL(gatewayRoot).origin, 'the gateway is on an origin of its own').not.toBe(
    new URL(rehearsal.shopUrl).origin,
  );
  // Whatever any page of the journey refused, as its securitypolicyviolation events and
  // Chromium's console both tell it.
  const refused: string[] = [];
  await page.exposeFunction('reportRefusal', (refusal: string) => refused.push(refusal));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportRefusal(refusal: string): void }).reportRefusal;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI} on ${event.documentURI} from ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) refused.push(message.text());
    else if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // What the shop's page got from the gateway: the script and everything the script loads.
  const fromGateway = new Map<string, number>();
  page.on('response', (response) => {
    if (response.url().startsWith(`${gatewayRoot}/`)) {
      fromGateway.set(response.url().slice(gatewayRoot.length), response.status());
    }
  });

  const plan = await francePlan(request);
  await signUp(page, sandboxes);
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();

  // The hosted page opens, and nothing was refused on the way (on the old policy the
  // script's call to its server was, and the payer never left the shop).
  const hostedPage = new RegExp(`^${escaped(gatewayRoot)}/pay/`);
  await expect
    .poll(() => ({ refused, onHostedPage: hostedPage.test(page.url()) }), { timeout: 30_000 })
    .toEqual({ refused: [], onHostedPage: true });
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible();
  expect(Object.fromEntries(fromGateway)).toMatchObject({
    '/static/checkout/checkout.min.js': 200,
    '/static/checkout/checkout.css': 200,
    '/static/checkout/checkout-font.ttf': 200,
    '/static/checkout/checkout-mark.svg': 200,
    '/checkout/ping': 204,
  });

  await payWithCard(page, APPROVED_CARD);
  await expect(page).toHaveURL(new RegExp(`^${escaped(rehearsal.shopUrl)}/#${paths.profile}$`), {
    timeout: 60_000,
  });
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Payment confirmed. Your eSIM is ready.'),
  ).toBeVisible({ timeout: 60_000 });
  expect(refused).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a payer who fails 3-D Secure is not charged, and a payment whose payer never comes back is delivered on the gateway's notification", async ({
  page,
  request,
  rehearsal,
  sandboxes,
}) => {
  test.setTimeout(180_000);
  const plan = await francePlan(request);
  const buyer = await signUp(page, sandboxes);
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  const openedReference = await watchReference(page);
  await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${escaped(rehearsal.printed.GATEWAY_URL)}/pay/`));
  const hostedPage = page.url();
  const reference = openedReference();
  expect(reference, 'the shop opened a payment session').not.toBe('');

  // The bank does not vouch for the payer: the gateway keeps them on its page, and the shop,
  // asking the gateway, answers that the payment did not go through.
  await payWithCard(page, THREE_D_SECURE_CARD);
  await failAuthentication(page);
  await expect(
    page.getByText('Your bank could not confirm it is you, so nothing was paid.').first(),
  ).toBeVisible();
  const asked = await request.get(orderApiPaths.checkStatus.href(reference), {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  expect(((await asked.json()) as PaymentConfirmation).status).toBe('payment_failed');

  // Another card on the same page goes through, but the payer's browser never brings them
  // back to the shop (the gateway's 303 is not followed), and nobody asks the shop about the
  // order: only the gateway's notification can tell it, and the receipt follows.
  const paid = await request.post(hostedPage, {
    form: {
      action: 'pay',
      cardNumber: APPROVED_CARD,
      expiry: '12/39',
      cvc: '123',
      nameOnCard: buyer.name,
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect.poll(() => receiptsOf(sandboxes, buyer, reference), { timeout: 60_000 }).toBe(1);
});
