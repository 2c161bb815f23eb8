/**
 * Promo codes (issue 31) in the browser: an operator creates a good code and an expired one in
 * the console; at plan confirmation the buyer tries an unknown code and the expired one and reads
 * the server's reason beside the field, then applies the good code and sees its discount in the
 * order's breakdown; the gateway's page asks for the discounted total; the invoice PDF shows the
 * discount and VAT 11% of what the card paid; the same account is refused the code a second
 * time. Once on a computer in English, once on a phone in Arabic. Every page is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { breakdownInCents, hrefTo, type Plan, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { firstSignIn, operators } from '../helpers/console';
import { pdfText } from '../helpers/pdf';
import { chooseOnPlanPage, francePlan, payTotalOnHostedPage, signUp } from '../helpers/purchase';

/** What the buyer reads, in the language of each run. */
interface BuyerWords {
  language: 'en' | 'ar';
  region: string;
  field: string;
  apply: string;
  /** The breakdown's terms, top to bottom. */
  terms: string[];
  applied: (code: string, amount: string) => string;
  money: (cents: number) => string;
  unknown: string;
  expired: string;
  alreadyUsed: string;
  proceed: string;
  invoices: string;
  download: RegExp;
}

const english: BuyerWords = {
  language: 'en',
  region: 'Promo code',
  field: 'Code',
  apply: 'Apply',
  terms: [
    'Plan price',
    'Promo code',
    'VAT (11%) on what the card pays',
    'Stamps',
    'Total to pay by card',
  ],
  applied: (code, amount) => `Code ${code} applied: ${amount} off.`,
  money: (cents) => `$ ${(cents / 100).toFixed(2)}`,
  unknown: 'This promo code does not exist. Check its spelling.',
  expired: 'This promo code has expired.',
  alreadyUsed: 'You have already used this promo code.',
  proceed: 'Proceed to Secure Payment',
  invoices: 'Invoices',
  download: /^Download PDF of invoice INV-/,
};

const arabic: BuyerWords = {
  language: 'ar',
  region: 'رمز الخصم',
  field: 'الرمز',
  apply: 'تطبيق',
  terms: [
    'سعر الباقة',
    'رمز الخصم',
    'الضريبة على القيمة المضافة (11%) على ما تدفعه البطاقة',
    'الطوابع المالية',
    'المجموع المطلوب دفعه بالبطاقة',
  ],
  applied: (code, amount) => `تم تطبيق الرمز ${code}: خصم ${amount}.`,
  money: (cents) => `US$ ${(cents / 100).toFixed(2)}`,
  unknown: 'رمز الخصم هذا غير موجود. تحقق من كتابته.',
  expired: 'انتهت صلاحية رمز الخصم هذا.',
  alreadyUsed: 'لقد استخدمت رمز الخصم هذا من قبل.',
  proceed: 'المتابعة إلى الدفع الآمن',
  invoices: 'الفواتير',
  download: /^تنزيل ملف PDF للفاتورة INV-/,
};

/** Arabic wraps numbers and Latin runs in directional isolates: compared without them. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '');

/** A day in UTC, `days` from today, as a date field takes it. */
const utcDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

interface CodeDraft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  firstDay: string;
  lastDay: string;
  maxUses: string;
  minPrice: string;
  destinations: string;
}

/** Fills "A new promo code" in the console and creates it; the table then lists it. */
async function createInConsole(ops: Page, draft: CodeDraft): Promise<void> {
  const form = ops.getByRole('region', { name: 'A new promo code' });
  await form.getByLabel('Code', { exact: true }).fill(draft.code);
  await form
    .getByLabel('Kind')
    .selectOption({ label: draft.kind === 'percent' ? 'A percentage off' : 'An amount off' });
  await form
    .getByLabel(draft.kind === 'percent' ? 'Percent off' : 'Amount off (USD)')
    .fill(draft.value);
  await form.getByLabel('Uses in all').fill(draft.maxUses);
  await form.getByLabel('First day (UTC)').fill(draft.firstDay);
  await form.getByLabel('Last day (UTC)').fill(draft.lastDay);
  await form.getByLabel('Minimum plan price').fill(draft.minPrice);
  await form.getByLabel('Destinations').fill(draft.destinations);
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(form.getByRole('status')).toHaveText(`Promo code ${draft.code} created.`);
  await expect(ops.getByRole('row').filter({ hasText: draft.code })).toBeVisible();
}

/** From France's plan page to plan confirmation, then shown in the run's language. */
async function toConfirmation(page: Page, plan: Plan, words: BuyerWords): Promise<void> {
  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await chooseOnPlanPage(page, plan);
  await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
  if (words.language === 'ar') {
    await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
}

/** The text of the newest invoice's PDF, downloaded from the profile's Invoices tab. */
async function invoiceText(page: Page, words: BuyerWords): Promise<string> {
  await page.getByRole('tab', { name: words.invoices }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: words.download }).first().click();
  return pdfText(await readFile(await (await downloading).path()));
}

/** Types a code in the promo box and applies it. */
async function applyCode(page: Page, words: BuyerWords, code: string): Promise<void> {
  const box = page.getByRole('region', { name: words.region });
  await box.getByLabel(words.field, { exact: true }).fill(code);
  await box.getByRole('button', { name: words.apply }).click();
}

const runs = [
  {
    title: 'on a computer in English, 20% off',
    viewport: { width: 1280, height: 800 },
    words: english,
    operator: operators.promo,
    kind: 'percent' as const,
    value: '20',
    discountCents: (priceCents: number) => Math.floor((priceCents * 20 + 50) / 100),
  },
  {
    title: 'on a phone in Arabic, $0.50 off',
    viewport: { width: 390, height: 844 },
    words: arabic,
    operator: operators.promoPhone,
    kind: 'amount' as const,
    value: '0.50',
    discountCents: () => 50,
  },
];

for (const run of runs) {
  test(`a promo code made in the console is refused with its reason, then taken off what the card pays, once per account (${run.title})`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(run.viewport);
    const { words } = run;
    const plan = await francePlan(request);
    const priceCents = Math.round(plan.pla_price * 100);
    const buyer = await signUp(page, request, 'Layla Mansour');
    expect(buyer.email).toBeTruthy();

    // The operator creates the code, and one whose days are over, in the console.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: process.env.E2E_BASE_URL,
    });
    const ops = await context.newPage();
    await ops.goto(`/${hrefTo(paths.ops)}`);
    await firstSignIn(ops, request, run.operator);
    await ops.getByRole('link', { name: 'Promo codes' }).click();
    await expect(ops).toHaveURL(/#\/ops\/promo-codes$/);
    const good = uniqueCode('TRIP');
    const expired = uniqueCode('OLD');
    await createInConsole(ops, {
      code: good,
      kind: run.kind,
      value: run.value,
      firstDay: utcDay(0),
      lastDay: utcDay(30),
      maxUses: '50',
      minPrice: '1',
      destinations: 'FR',
    });
    const listed = ops.getByRole('row').filter({ hasText: good });
    await expect(listed).toContainText(run.kind === 'percent' ? '20%' : '$0.50');
    await expect(listed).toContainText('0 of 50');
    await expect(listed).toContainText('FR');
    await createInConsole(ops, {
      code: expired,
      kind: 'percent',
      value: '50',
      firstDay: utcDay(-10),
      lastDay: utcDay(-2),
      maxUses: '50',
      minPrice: '',
      destinations: '',
    });
    await expectAccessible(ops);

    // At plan confirmation: an unknown code and the expired one, each with its reason.
    await toConfirmation(page, plan, words);
    const box = page.getByRole('region', { name: words.region });
    const field = box.getByLabel(words.field, { exact: true });
    await applyCode(page, words, 'NOSUCHCODE42');
    await expect(box.getByText(words.unknown)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await applyCode(page, words, expired.toLowerCase());
    await expect(box.getByText(words.expired)).toBeVisible();
    await expect(box.getByText(words.unknown)).toHaveCount(0);

    // The good code, typed in lower case: its discount and what the card pays.
    await applyCode(page, words, ` ${good.toLowerCase()} `);
    const discountCents = run.discountCents(priceCents);
    const cardCents = priceCents - discountCents;
    const split = breakdownInCents(cardCents);
    await expect(box.getByRole('status')).toContainText(good);
    expect(plain(await box.getByRole('status').textContent())).toBe(
      words.applied(good, words.money(discountCents)),
    );
    await expect(box.locator('dt')).toHaveText(words.terms);
    await expect
      .poll(async () => (await box.locator('dd').allTextContents()).map(plain))
      .toEqual([
        words.money(priceCents),
        `−${words.money(discountCents)}`,
        words.money(split.vat),
        words.money(split.stamps),
        words.money(cardCents),
      ]);
    await expectAccessible(page);

    // The gateway's page asks for the discounted total.
    await payTotalOnHostedPage(page, cardCents, words.proceed);

    // The invoice: the plan's price, the discount, and VAT and stamps on what the card paid.
    // Arabic's lines are drawn shaped, in visual order: there its figures are read, and the
    // English copy is read word for word.
    await page.reload();
    const shownText = await invoiceText(page, words);
    const figures = [
      (priceCents / 100).toFixed(2),
      `-${(discountCents / 100).toFixed(2)}`,
      (split.subtotal / 100).toFixed(2),
      (split.vat / 100).toFixed(2),
      (split.stamps / 100).toFixed(2),
      (cardCents / 100).toFixed(2),
    ];
    for (const figure of figures) expect(shownText).toContain(figure);
    if (words.language === 'ar') {
      await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
      await page.reload();
    }
    const text = await invoiceText(page, english);
    for (const expected of [
      `Plan price\n${(priceCents / 100).toFixed(2)}`,
      `Promo code discount\n-${(discountCents / 100).toFixed(2)}`,
      `Subtotal\n${(split.subtotal / 100).toFixed(2)}`,
      `VAT 11%\n${(split.vat / 100).toFixed(2)}`,
      `Stamps\n${(split.stamps / 100).toFixed(2)}`,
    ]) {
      expect(text).toContain(expected);
    }

    // Once per account: the same buyer is refused the code on the next order.
    await toConfirmation(page, plan, words);
    await applyCode(page, words, good);
    await expect(
      page.getByRole('region', { name: words.region }).getByText(words.alreadyUsed),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: words.region }).locator('dl')).toHaveCount(0);

    // The console counts the use.
    await ops.reload();
    await expect(ops.getByRole('row').filter({ hasText: good })).toContainText('1 of 50');
    await context.close();
  });
}
