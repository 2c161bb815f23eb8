/**
 * The production rehearsal an operator runs before going live: `npm run sandboxes` in its own
 * process, and a shop with NODE_ENV=production given only what that process printed. The shop
 * mounts no stand-in of its own; everything outside it is reached over the network, the sign-in
 * code and the receipt travel over SMTP, and the card is paid on the gateway's own origin.
 */
import { type APIRequestContext, request as newRequestContext } from '@playwright/test';
import { orderApiPaths, paths } from '@tern/contract';
import { test as base, expect } from '../fixtures';
import {
  APPROVED_CARD,
  chooseOnPlanPage,
  completeAuthentication,
  deliveredIccid,
  francePlan,
  payWithCard,
  signUp,
  THREE_D_SECURE_CARD,
} from '../helpers/purchase';
import { type Rehearsal, startRehearsal } from '../helpers/rehearsal';

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
  // The session's answer is read as it passes: the page leaves for the gateway's origin at
  // once, and a loaded machine may get there before a response body could be asked for.
  let reference = '';
  await page.route(`**${orderApiPaths.createSession.href()}`, async (route) => {
    const response = await route.fetch();
    if (response.ok()) {
      reference = ((await response.json()) as { led_payment_gateway_ref: string })
        .led_payment_gateway_ref;
    }
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Proceed to Secure Payment' }).click();

  // The shop's page loaded the gateway's checkout.min.js, which took the browser to the
  // gateway's own origin; the 3-D Secure challenge happens there too.
  await expect(page).toHaveURL(new RegExp(`^${escaped(rehearsal.printed.GATEWAY_URL)}/pay/`));
  expect(reference, 'the shop opened a payment session').not.toBe('');
  await payWithCard(page, THREE_D_SECURE_CARD);
  await completeAuthentication(page);
  await expect(page).toHaveURL(new RegExp(`^${escaped(rehearsal.shopUrl)}/#${paths.profile}$`), {
    timeout: 60_000,
  });

  const iccid = await deliveredIccid(page, reference);

  // The receipt with the eSIM reached the buyer's inbox over SMTP.
  await expect
    .poll(
      async () => {
        const answer = await sandboxes.get(
          `/_sandbox/mailbox/messages?to=${encodeURIComponent(buyer.email)}`,
        );
        const messages = (await answer.json()) as { subject: string; text: string }[];
        return messages.filter((message) => message.subject.includes(reference)).length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

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
