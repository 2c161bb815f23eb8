import type { APIRequestContext, Page } from '@playwright/test';
import { accountMessages, codeRefusals, DEFAULT_BRAND_NAME, hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { forgetStoredSignIn } from '../helpers/purchase';
import { typeQuickly } from '../helpers/type-ahead';

const MOBILE = '+961 71 123 456';
const SUPPORT_ADDRESS = `support@${DEFAULT_BRAND_NAME.toLowerCase()}.example`;

interface MailboxMessage {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  sentAt: string;
}

/** A fresh address per test, so tests never share an account. */
function uniqueEmail(kind: string): string {
  return `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function mailTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/_sandbox/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as MailboxMessage[];
}

/** The newest sign-in code e-mailed to `email`, waiting for the `count`-th message. */
async function readCode(request: APIRequestContext, email: string, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const messages = await mailTo(request, email);
      code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1] ?? '';
      return messages.length >= count && code !== '';
    })
    .toBe(true);
  return code;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const accountButton = (page: Page) => nav(page).getByRole('button', { name: /account menu/i });
const storedItem = (page: Page, key: string) =>
  page.evaluate((name) => window.localStorage.getItem(name), key);

async function fillDetails(page: Page, details: { email: string; name: string }) {
  await page.getByLabel('Email address').fill(details.email);
  await page.getByLabel('Full name').fill(details.name);
  await page.getByLabel('Mobile number').fill(MOBILE);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs a new client up through the page and leaves them signed in on the plan page. */
async function signUp(page: Page, request: APIRequestContext, name = 'Rana Haddad') {
  const email = uniqueEmail('client');
  await page.goto(`/${hrefTo(paths.signIn)}`);
  await fillDetails(page, { email, name });
  await enterCode(page, await readCode(request, email));
  await expect(accountButton(page)).toContainText(name);
  return { email, name };
}

/** Stores a sign-in in the browser before the app starts, once per test. */
async function storeSession(page: Page, client: { token: string; email: string; name: string }) {
  await page.addInitScript((stored) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', 'yes');
    window.localStorage.setItem('cli_token', stored.token);
    window.localStorage.setItem('cli_email', stored.email);
    window.localStorage.setItem('cli_name', stored.name);
  }, client);
}

test.describe('signing in', () => {
  test('a new visitor registers with the e-mailed code and lands on the plan page signed in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('new');
    await page.goto(`/${hrefTo(paths.signIn)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Sign In to ${DEFAULT_BRAND_NAME} eSIM` }),
    ).toBeVisible();
    await expectAccessible(page);

    await fillDetails(page, { email, name: 'Rana Haddad' });
    await expect(
      page.getByRole('status').filter({ hasText: 'Email sent to validate OTP' }),
    ).toBeVisible();
    const codeField = page.getByLabel('6-digit code');
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByLabel('Email address')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send sign-in code' })).toBeDisabled();
    await expectAccessible(page);

    await enterCode(page, await readCode(request, email));
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
    await expect(accountButton(page)).toContainText('Rana Haddad');
    expect(await storedItem(page, 'cli_email')).toBe(email);
    expect(await storedItem(page, 'cli_token')).toBeTruthy();
  });

  test('a returning client is told the e-mail is registered and signs in again', async ({
    page,
    request,
  }) => {
    const client = await signUp(page, request);
    await forgetStoredSignIn(page);
    await page.goto(`/${hrefTo(paths.signIn)}`);

    await fillDetails(page, client);
    await expect(
      page.getByRole('status').filter({ hasText: 'Email already registered. Validate OTP' }),
    ).toBeVisible();
    await enterCode(page, await readCode(request, client.email, 2));
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
    await expect(accountButton(page)).toContainText(client.name);
  });

  test('a wrong code shows Error validating OTP, leaves the visitor signed out, and they can try again', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('wrong');
    await page.goto(`/${hrefTo(paths.signIn)}`);
    await fillDetails(page, { email, name: 'Karim Nassar' });
    const code = await readCode(request, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await enterCode(page, wrong);

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(accountMessages.otpFailed);
    await expect(alert).toContainText(codeRefusals.wrong);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedItem(page, 'cli_token')).toBeNull();
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    await expect(page.getByLabel('6-digit code')).toHaveValue('');
    await expectAccessible(page);

    // Back to the form: the account exists but was never confirmed.
    await page.getByRole('button', { name: 'Use a different e-mail' }).click();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.getByRole('button', { name: 'Send sign-in code' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Email not registered. Validate OTP' }),
    ).toBeVisible();
    await enterCode(page, await readCode(request, email, 2));
    await expect(accountButton(page)).toContainText('Karim Nassar');
  });

  test('opening sign-in while signed in goes to the profile, and the sign-in survives a reload', async ({
    page,
    request,
  }) => {
    const client = await signUp(page, request, 'Maya Khoury');
    await page.reload();
    await expect(accountButton(page)).toContainText(client.name);

    await page.goto(`/${hrefTo(paths.signIn)}`);
    await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${client.name}` }),
    ).toBeVisible();
  });

  for (const [pageName, path] of [
    ['sign-in', paths.signIn],
    ['the profile', paths.profile],
  ] as const) {
    test(`opening ${pageName} with a token the server does not know shows the sign-in form`, async ({
      page,
    }) => {
      await storeSession(page, { token: 'not-a-token', email: 'ghost@example.com', name: 'Ghost' });
      await page.goto(`/${hrefTo(path)}`);
      await expect(page.getByLabel('Email address')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
      await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    });
  }

  test('Back after being sent from sign-in to the profile returns to the page before', async ({
    page,
    request,
  }) => {
    const client = await signUp(page, request, 'Lina Saad');
    await page.goto(`/${hrefTo(paths.contactUs)}`);
    await page.goto(`/${hrefTo(paths.signIn)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${client.name}` }),
    ).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`#${paths.contactUs}$`));
  });

  test('each field says what is wrong once left, and Send stays disabled until all are valid', async ({
    page,
  }) => {
    await page.goto(`/${hrefTo(paths.signIn)}`);
    const send = page.getByRole('button', { name: 'Send sign-in code' });
    await expect(send).toBeDisabled();
    await expect(page.getByText(accountMessages.invalidEmail)).toBeHidden();

    const email = page.getByLabel('Email address');
    await email.fill('rana@');
    await email.press('Tab');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(accountMessages.invalidEmail);

    const name = page.getByLabel('Full name');
    await name.fill('Al');
    await name.press('Tab');
    await expect(name).toHaveAccessibleDescription(accountMessages.invalidName);

    const mobile = page.getByLabel('Mobile number');
    await expect(mobile).toHaveValue('+961 ');
    await mobile.focus();
    await mobile.press('Tab');
    await expect(mobile).toHaveAccessibleDescription(accountMessages.invalidMobile);
    await mobile.fill('+961 12');
    await expect(mobile).toHaveAccessibleDescription(accountMessages.invalidMobile);
    await expect(send).toBeDisabled();
    await expectAccessible(page);

    await email.fill('rana@example.com');
    await name.fill('Rana');
    await mobile.fill(MOBILE);
    await expect(send).toBeEnabled();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(accountMessages.invalidMobile)).toBeHidden();
  });

  test('the country code list starts at Lebanon, finds a country by typing, and rewrites the prefix', async ({
    page,
  }) => {
    test.slow(); // axe checks each of the ~230 options while the list is open
    await page.goto(`/${hrefTo(paths.signIn)}`);
    const country = page.getByRole('combobox', { name: 'Country code' });
    const mobile = page.getByLabel('Mobile number');
    await expect(country).toHaveText('Lebanon (+961)');
    await expect(country).toHaveAttribute('aria-expanded', 'false');
    // The options are built at the first opening, not on the page's first render (its
    // blocking time, docs/performance.md).
    await expect(page.locator('[role="option"]')).toHaveCount(0);
    await mobile.fill('+961 71 123 456');

    await country.focus();
    await typeQuickly(page, 'fra');
    const list = page.getByRole('listbox', { name: 'Country code' });
    await expect(list).toBeVisible();
    await expect(list).toHaveCSS('max-height', '200px');
    const active = list.getByRole('option', { selected: true });
    await expect(active).toHaveText('France (+33)');
    await expect(country).toHaveAttribute(
      'aria-activedescendant',
      (await active.getAttribute('id')) ?? '',
    );
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(country).toHaveText('France (+33)');
    await expect(mobile).toHaveValue('+33 71 123 456');

    // Escape leaves the choice as it was.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(country).toHaveText('France (+33)');

    // And by pointer.
    await country.click();
    await list.getByRole('option', { name: 'Lebanon (+961)' }).click();
    await expect(country).toHaveText('Lebanon (+961)');
    await expect(mobile).toHaveValue('+961 71 123 456');
    await expect(country).toBeFocused();
  });
});

test.describe('the stored sign-in', () => {
  test('a token the server does not know is cleared silently when the app starts', async ({
    page,
  }) => {
    await storeSession(page, { token: 'bogus-token', email: 'ghost@example.com', name: 'Ghost' });
    await page.goto('/');
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Ghost')).toBeHidden();
    expect(await storedItem(page, 'cli_token')).toBeNull();
    expect(await storedItem(page, 'cli_email')).toBeNull();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Logout in the account menu signs out, ends the session on the server, and lands on plan', async ({
    page,
    request,
  }) => {
    const client = await signUp(page, request, 'Omar Saleh');
    await page.goto(`/${hrefTo(paths.contactUs)}`);
    // Once the page shows, the app has moved focus to it: the menu is used after that.
    await expect(
      page.getByRole('heading', { level: 1, name: "We're Here to Help You" }),
    ).toBeVisible();
    const token = await storedItem(page, 'cli_token');

    const button = accountButton(page);
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page).getByRole('link', { name: 'My Account' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await button.click();
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedItem(page, 'cli_token')).toBeNull();

    // The old token no longer signs anyone in.
    await page.evaluate(
      (stored) => {
        window.localStorage.setItem('cli_token', stored.token);
        window.localStorage.setItem('cli_email', stored.email);
      },
      { token: token ?? '', email: client.email },
    );
    await page.reload();
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => storedItem(page, 'cli_token')).toBeNull();
  });
});

test.describe('the contact form', () => {
  test('sends a message to the support team, then confirms and clears the form', async ({
    page,
    request,
  }) => {
    const visitor = uniqueEmail('visitor');
    const body = `My eSIM does not connect in Rome. (${visitor})`;
    await page.goto(`/${hrefTo(paths.contactUs)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: "We're Here to Help You" }),
    ).toBeVisible();
    const email = page.getByLabel('Your Email Address');
    const message = page.getByLabel('Your Message');
    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(email).toHaveAttribute('placeholder', 'you@example.com');
    await expect(message).toHaveAttribute('placeholder', 'How can we help you today?');
    await expect(send).toBeDisabled();
    await expectAccessible(page);

    await email.fill(visitor);
    await message.fill(body);
    await send.click();
    const success = page.getByRole('status').filter({ hasText: accountMessages.contactSent });
    await expect(success).toBeVisible();
    await expect(success).toBeFocused();
    await expect(email).toHaveValue('');
    await expect(message).toHaveValue('');
    await expect(send).toBeDisabled();
    await expectAccessible(page);

    await expect
      .poll(async () =>
        (await mailTo(request, SUPPORT_ADDRESS)).find((mail) => mail.text.includes(body)),
      )
      .toMatchObject({ to: SUPPORT_ADDRESS, replyTo: visitor });

    await success.getByRole('button', { name: 'Dismiss' }).click();
    await expect(success).toBeHidden();
    await expect(email).toBeFocused();
  });

  test('says so when the message could not be sent, and keeps what was written', async ({
    page,
  }) => {
    await page.route('**/api/email/support', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Bad gateway' }),
      }),
    );
    await page.goto(`/${hrefTo(paths.contactUs)}`);
    await page.getByLabel('Your Email Address').fill('rana@example.com');
    await page.getByLabel('Your Message').fill('Where is my QR code?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const failure = page.getByRole('alert').filter({ hasText: accountMessages.contactFailed });
    await expect(failure).toBeVisible();
    await expect(page.getByLabel('Your Message')).toHaveValue('Where is my QR code?');
    await expect(page.getByText('Loading…')).toBeHidden();
    await expectAccessible(page);
    await failure.getByRole('button', { name: 'Dismiss' }).click();
    await expect(failure).toBeHidden();
  });

  test('keeps Send Message disabled until the address and the message are valid', async ({
    page,
  }) => {
    await page.goto(`/${hrefTo(paths.contactUs)}`);
    const email = page.getByLabel('Your Email Address');
    const message = page.getByLabel('Your Message');
    const send = page.getByRole('button', { name: 'Send Message' });

    await email.fill('rana@example');
    await email.press('Tab');
    await expect(email).toHaveAccessibleDescription(accountMessages.invalidEmail);
    await message.fill('   ');
    await message.press('Tab');
    await expect(message).toHaveAccessibleDescription(accountMessages.emptyMessage);
    await expect(send).toBeDisabled();

    await email.fill('rana@[192.168.0.1]');
    await message.fill('Hello');
    await expect(send).toBeEnabled();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test("fills in a signed-in client's address", async ({ page }) => {
    await page.route('**/api/client/validatetoken', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ cli_email: 'maya@example.com', cli_name: 'Maya' }),
      }),
    );
    await storeSession(page, { token: 'a-token', email: 'maya@example.com', name: 'Maya' });
    await page.goto(`/${hrefTo(paths.contactUs)}`);
    await expect(page.getByLabel('Your Email Address')).toHaveValue('maya@example.com');
    await expect(page.getByLabel('Your Email Address')).toHaveAttribute(
      'placeholder',
      'maya@example.com',
    );
  });
});
