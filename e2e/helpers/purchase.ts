/**
 * A buyer with an eSIM, made the way a traveller does it: sign up on the sign-in page with
 * the e-mailed code, choose France's cheapest plan, pay on the sandbox gateway's hosted page
 * (opened by the gateway's checkout.js) with the approving test card, and land in the profile
 * once the eSIM is delivered. Each step is exported too, for the purchase tests that check
 * what happens between them.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  hrefTo,
  orderApiPaths,
  type PaymentConfirmation,
  type Plan,
  paths,
  planDetailsQuery,
} from '@tern/contract';

export const TEST_MOBILE = '+961 71 123 456';
export const APPROVED_CARD = '5123450000000008';
/** Meets the issuer's 3-D Secure challenge first; approved once the payer passes it. */
export const THREE_D_SECURE_CARD = '5123456789012346';

export const france = { kind: 'country', iso: 'FR', name: 'France' } as const;
/** France's plan page, as a path the browser can open. */
export const franceUrl = `/${hrefTo(paths.planDetails, planDetailsQuery(france))}`;

export interface Buyer {
  email: string;
  name: string;
  mobile: string;
  /** The bearer token the browser stored at sign-in. */
  token: string;
}

export interface Purchase extends Buyer {
  plan: Plan;
  /** The order's reference at the gateway (led_payment_gateway_ref). */
  reference: string;
  iccid: string;
}

/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(kind: string): string {
  return `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

/** France's cheapest plan of the group its page shows first. */
export async function francePlan(request: APIRequestContext): Promise<Plan> {
  const plans = await getJson<Plan[]>(request, '/api/plan/country/FR');
  const order = await getJson<string[]>(request, '/api/plan/groups');
  const first = order.find((group) => plans.some((plan) => plan.plg_name === group));
  const shown = plans.filter((plan) => plan.plg_name === first);
  const cheapest = shown.reduce<Plan | undefined>(
    (best, plan) => (best && best.pla_price <= plan.pla_price ? best : plan),
    undefined,
  );
  if (!cheapest) throw new Error('France has no plans');
  return cheapest;
}

/** The newest sign-in code e-mailed to `email`. */
export async function readSignInCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(
        `/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
      );
      const messages = (await response.json()) as { text: string }[];
      code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Fills the sign-in page and enters the e-mailed code. */
export async function signInOnPage(
  page: Page,
  request: APIRequestContext,
  email: string,
  name: string,
): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill(TEST_MOBILE);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await page.getByLabel('6-digit code').fill(await readSignInCode(request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * The browser forgets the shop's storage, as a returning client on another browser would
 * arrive. Cleared from a page of the same origin that is not the app (the health answer), so
 * no request of the app's last page, still on its way, writes a sign-in back meanwhile.
 */
export async function forgetStoredSignIn(page: Page): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(() => window.localStorage.clear());
}

/** Signs a new client up through the sign-in page; they land signed in on the plan page. */
export async function signUp(
  page: Page,
  request: APIRequestContext,
  name = 'Rana Haddad',
): Promise<Buyer> {
  const email = uniqueEmail('buyer');
  await page.goto(`/${hrefTo(paths.signIn)}`);
  await signInOnPage(page, request, email, name);
  await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
  const stored = await page.evaluate(() => ({
    token: window.localStorage.getItem('cli_token'),
    mobile: window.localStorage.getItem('cli_mobile'),
  }));
  expect(stored.token, 'the sign-in stored a token').toBeTruthy();
  // The server keeps the number in its own (international) form.
  return { email, name, mobile: stored.mobile ?? TEST_MOBILE, token: stored.token ?? '' };
}

/** Buys `plan` (France's cheapest by default) as the signed-in buyer, up to the profile. */
export async function buy(page: Page, plan: Plan): Promise<{ reference: string; iccid: string }> {
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  const reference = await openHostedPage(page);
  await payWithCard(page, APPROVED_CARD);
  await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
  return { reference, iccid: await deliveredIccid(page, reference) };
}

/** Buy Now on the plan's card on France's page, then Proceed in the compatibility dialog. */
export async function chooseOnPlanPage(page: Page, plan: Plan): Promise<void> {
  await page.goto(franceUrl);
  await page
    .getByRole('article', { name: plan.pla_title, exact: true })
    .getByRole('button', { name: 'Buy Now' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
}

/** The hosted page's address, which the gateway's checkout.js opens for a session. */
export const HOSTED_PAGE_URL = /\/_sandbox\/gateway\/pay\/SESSION\w+$/;

/**
 * From the order summary to the gateway's hosted page (`proceed`: the button's words in the
 * page's language); returns the order's reference.
 */
export async function openHostedPage(
  page: Page,
  proceed = 'Proceed to Secure Payment',
): Promise<string> {
  await page.getByRole('button', { name: proceed }).click();
  await expect(page).toHaveURL(HOSTED_PAGE_URL);
  // The gateway sandbox shares the shop's origin, so the shop's storage is readable here.
  const reference = await page.evaluate(() =>
    window.localStorage.getItem('led_payment_gateway_ref'),
  );
  expect(reference).toBeTruthy();
  return reference ?? '';
}

/**
 * From the order summary, pays on the gateway's page once it asks for exactly `cardCents` (a
 * discount or store credit taken off), up to the delivered eSIM.
 */
export async function payTotalOnHostedPage(
  page: Page,
  cardCents: number,
  proceed?: string,
): Promise<{ reference: string; iccid: string }> {
  const reference = await openHostedPage(page, proceed);
  await expect(page.locator('.line-total dd')).toHaveText(
    new RegExp(`^USD\\s${(cardCents / 100).toFixed(2).replace('.', '\\.')}$`),
  );
  await payWithCard(page, APPROVED_CARD);
  await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
  return { reference, iccid: await deliveredIccid(page, reference) };
}

/** Fills the hosted page's card form with `card` and presses Pay. */
export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Rana Haddad');
  // Exactly "Pay": the wallets' buttons above the card form are "Pay with Apple Pay" and so on.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** Passes the card issuer's 3-D Secure challenge that follows Pay for an enrolled card. */
export async function completeAuthentication(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
}

/** Fails the card issuer's 3-D Secure challenge: the sandbox lets the payer pick its answer. */
export async function failAuthentication(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await page.getByLabel("Your bank's answer").selectOption({ label: 'Not authenticated' });
  await page.getByRole('button', { name: 'Complete authentication' }).click();
}

/** Signs a new client up and buys France's cheapest plan; they end on the profile. */
export async function signUpAndBuy(
  page: Page,
  request: APIRequestContext,
  options: { name?: string; plan?: Plan } = {},
): Promise<Purchase> {
  const plan = options.plan ?? (await francePlan(request));
  const buyer = await signUp(page, request, options.name);
  const { reference, iccid } = await buy(page, plan);
  return { ...buyer, plan, reference, iccid };
}

/** Where the server says the order stands, asked as the signed-in buyer. */
export async function orderStatus(page: Page, reference: string): Promise<PaymentConfirmation> {
  const token = await page.evaluate(() => window.localStorage.getItem('cli_token'));
  const response = await page.request.get(orderApiPaths.checkStatus.href(reference), {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.ok(), 'check-status answers').toBe(true);
  return (await response.json()) as PaymentConfirmation;
}

/** The ICCID of the order's eSIM, once the server says it is delivered. */
export async function deliveredIccid(page: Page, reference: string): Promise<string> {
  let iccid = '';
  await expect
    .poll(
      async () => {
        const answer = await orderStatus(page, reference);
        iccid = answer.status === 'fulfilled' ? (answer.iccid ?? '') : '';
        return iccid;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^\d{18,22}$/);
  return iccid;
}
