/**
 * Store credit (issue 31) in the browser: an operator gives a buyer credit from the console's
 * customer page; at plan confirmation the buyer ticks "Use my credit" and sees what the card
 * pays, VAT and stamps on that; the gateway's page asks for that amount; the profile shows the
 * credit spent; the invoice PDF shows the plan's price, the credit used and the VAT of what the
 * card paid. Every page is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import { breakdownInCents, hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { firstSignIn, operators } from '../helpers/console';
import { pdfText } from '../helpers/pdf';
import { chooseOnPlanPage, francePlan, payTotalOnHostedPage, signUp } from '../helpers/purchase';

const CREDIT_CENTS = 100;

test('credit given in the console pays part of a plan, the card the rest, and the invoice shows both', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const plan = await francePlan(request);
  const buyer = await signUp(page, request, 'Nour Saleh');

  // The operator finds the account and gives it credit.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: process.env.E2E_BASE_URL,
  });
  const ops = await context.newPage();
  await ops.goto(`/${hrefTo(paths.ops)}`);
  await firstSignIn(ops, request, operators.credit);
  await ops.getByRole('link', { name: 'Customers' }).click();
  await ops.getByRole('searchbox', { name: 'Search accounts' }).fill(buyer.email);
  await ops.getByRole('button', { name: 'Search', exact: true }).click();
  await ops.getByRole('link', { name: buyer.email }).click();
  const grant = ops.getByRole('region', { name: 'Store credit' });
  await grant.getByLabel('Amount (USD)').fill((CREDIT_CENTS / 100).toFixed(2));
  await grant.getByLabel('Reason (the buyer reads it)').fill('Sorry for the slow delivery');
  await grant.getByRole('button', { name: 'Give credit' }).click();
  await expect(grant.getByText("Credit given. The account's balance is now $1.00.")).toBeVisible();
  await expectAccessible(ops);

  // At plan confirmation the buyer uses it.
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  const choice = page.getByRole('region', { name: 'Store credit' });
  await expect(
    choice.getByText('You have $ 1.00 of store credit. It never expires.'),
  ).toBeVisible();
  await choice.getByRole('checkbox', { name: 'Use my credit' }).check();
  const cardCents = Math.round(plan.pla_price * 100) - CREDIT_CENTS;
  const split = breakdownInCents(cardCents);
  const money = (cents: number) => `$ ${(cents / 100).toFixed(2)}`;
  await expect(choice.getByRole('definition')).toHaveText([
    money(Math.round(plan.pla_price * 100)),
    `−${money(CREDIT_CENTS)}`,
    money(split.vat),
    money(split.stamps),
    money(cardCents),
  ]);
  await expectAccessible(page);

  // The gateway's page asks for what the card pays.
  const { reference } = await payTotalOnHostedPage(page, cardCents);

  // The profile shows the credit spent on the order.
  await page.reload();
  const credit = page.getByRole('region', { name: 'Store credit' });
  await expect(credit.getByText('Balance: $0.00')).toBeVisible();
  await expect(credit.getByRole('cell', { name: `Spent on order ${reference}` })).toBeVisible();
  await expect(
    credit.getByRole('cell', { name: 'Credit from the shop: Sorry for the slow delivery' }),
  ).toBeVisible();
  await expectAccessible(page);

  // The invoice: the plan's price, the credit used, and VAT and stamps on what the card paid.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const download = page.getByRole('button', { name: /^Download PDF of invoice INV-/ });
  const downloading = page.waitForEvent('download');
  await download.first().click();
  const text = pdfText(await readFile(await (await downloading).path()));
  for (const expected of [
    `Plan price\n${(plan.pla_price).toFixed(2)}`,
    `Store credit used\n-${(CREDIT_CENTS / 100).toFixed(2)}`,
    `Subtotal\n${(split.subtotal / 100).toFixed(2)}`,
    `VAT 11%\n${(split.vat / 100).toFixed(2)}`,
    `Stamps\n${(split.stamps / 100).toFixed(2)}`,
    'VAT and stamps are on the amount paid by card',
  ]) {
    expect(text).toContain(expected);
  }

  // More credit, read on a phone in Arabic: right to left, the minus before each amount.
  await grant.getByLabel('Amount (USD)').fill('2.00');
  await grant.getByLabel('Reason (the buyer reads it)').fill('Goodwill');
  await grant.getByRole('button', { name: 'Give credit' }).click();
  await expect(grant.getByText("Credit given. The account's balance is now $2.00.")).toBeVisible();
  await context.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await chooseOnPlanPage(page, plan);
  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = page.getByRole('region', { name: 'رصيد المتجر' });
  await arabic.getByRole('checkbox', { name: 'استخدم رصيدي' }).check();
  const capped = Math.round(plan.pla_price * 100) - 22;
  const creditShown = (await arabic.getByRole('definition').nth(1).textContent()) ?? '';
  expect(creditShown.replace(/[\u2066-\u2069]/g, '')).toBe(`−US$ ${(capped / 100).toFixed(2)}`);
  await expect(arabic.getByText('المجموع المطلوب دفعه بالبطاقة')).toBeVisible();
  await expectAccessible(page);
});
