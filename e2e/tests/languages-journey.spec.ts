/**
 * The whole purchase journey in Arabic on a phone (issue 15): a traveller opens the shop in
 * English, switches to العربية in the phone menu, finds France by typing «فرنسا», buys its
 * cheapest plan (compatibility check, sign-in with the e-mailed code, order summary, the
 * gateway's hosted page), and lands in their account, all right to left. The sign-in code
 * mail and the eSIM-ready receipt (with its QR code) arrive in Arabic, and the invoice PDF
 * downloaded from the account is the Arabic one. Each page on the way is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_BRAND_NAME, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import {
  APPROVED_CARD,
  deliveredIccid,
  HOSTED_PAGE_URL,
  payWithCard,
  TEST_MOBILE,
  uniqueEmail,
} from '../helpers/purchase';

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(180_000);

interface Mail {
  subject: string;
  text: string;
  html: string;
}

async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as Mail[];
}

async function expectArabicPage(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page);
}

test('a traveller buys a France eSIM in Arabic and gets Arabic mail and invoice', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('arabic-journey');

  await test.step('switch the shop to Arabic from the phone menu', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await page.getByRole('button', { name: 'القائمة' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('اختر وجهتك');
    await expectArabicPage(page);
  });

  await test.step('find France by its Arabic name and open its plans', async () => {
    await page.getByRole('searchbox', { name: 'ابحث عن دولة' }).fill('فرنسا');
    const results = page.getByRole('tabpanel', { name: 'الدول' }).getByRole('listitem');
    await results.first().getByRole('link', { name: 'فرنسا' }).first().click();
    await expect(page).toHaveURL(/plan-details/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('باقات فرنسا');
    await expectArabicPage(page);
  });

  await test.step('choose a plan and pass the compatibility check', async () => {
    await page.getByRole('article').first().getByRole('button', { name: 'اشترِ الآن' }).click();
    const dialog = page.getByRole('dialog', { name: 'هل هاتفك متوافق مع eSIM؟' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'متابعة' }).click();
  });

  await test.step('sign in with the code the Arabic mail brings', async () => {
    await expect(page).toHaveURL(new RegExp(`#${paths.signIn}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `سجّل الدخول إلى ${DEFAULT_BRAND_NAME} eSIM`,
    );
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByLabel('الاسم الكامل').fill('رنا حداد');
    await page.getByLabel('رقم الهاتف المحمول').fill(TEST_MOBILE);
    await page.getByRole('button', { name: 'أرسل رمز الدخول' }).click();
    let codeMail: Mail | undefined;
    await expect
      .poll(async () => {
        codeMail = (await mailsTo(request, email))[0];
        return codeMail?.subject;
      })
      .toBe(`رمز الدخول إلى ${DEFAULT_BRAND_NAME}`);
    const code = /\b(\d{6})\b/.exec(codeMail?.text ?? '')?.[1] ?? '';
    await expectArabicPage(page);
    await page.getByLabel('الرمز المكوّن من 6 أرقام').fill(code);
    await page.getByRole('button', { name: 'تحقّق' }).click();
  });

  const reference =
    await test.step('read the order summary and pay on the hosted page', async () => {
      await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('ملخّص الطلب');
      await expect(page.getByText('الفاتورة باسم')).toBeVisible();
      await expectArabicPage(page);
      await page.getByRole('button', { name: 'المتابعة إلى الدفع الآمن' }).click();
      await expect(page).toHaveURL(HOSTED_PAGE_URL);
      const stored = await page.evaluate(() => localStorage.getItem('led_payment_gateway_ref'));
      await payWithCard(page, APPROVED_CARD);
      return stored ?? '';
    });

  const iccid = await test.step('land in the account with the eSIM', async () => {
    await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`), { timeout: 60_000 });
    const delivered = await deliveredIccid(page, reference);
    await expect(page.getByRole('tab', { name: 'شرائح eSIM الخاصة بي' })).toBeVisible();
    await expect(page.getByText(delivered).first()).toBeVisible();
    await expectArabicPage(page);
    return delivered;
  });

  await test.step('the receipt with the QR code arrives in Arabic', async () => {
    let receipt: Mail | undefined;
    await expect
      .poll(async () => {
        receipt = (await mailsTo(request, email)).find((mail) => mail.text.includes(iccid));
        return receipt?.subject ?? '';
      })
      .toMatch(new RegExp(`^شريحة eSIM من ${DEFAULT_BRAND_NAME} جاهزة \\(`));
    expect(receipt?.html).toContain('dir="rtl"');
    expect(receipt?.html).toContain('شريحة eSIM الخاصة بك جاهزة');
    // The QR code travels inside the mail (the dev mailbox turns cid: images into data URLs).
    expect(receipt?.html).toMatch(/<img[^>]+src="data:image\/png;base64,/);
  });

  await test.step('the invoice downloaded from the account is the Arabic one', async () => {
    await page.getByRole('tab', { name: 'الفواتير' }).click();
    const downloadButton = page.getByRole('button', { name: /^تنزيل ملف PDF للفاتورة INV-\d+$/ });
    await expect(downloadButton.first()).toBeVisible();
    await expectArabicPage(page);
    const asked = page.waitForRequest((request) => request.url().includes('/invoice.pdf'));
    const downloaded = page.waitForEvent('download');
    await downloadButton.first().click();
    expect(new URL((await asked).url()).searchParams.get('lang')).toBe('ar');
    const pdf = await readFile(await (await downloaded).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/Lang (ar)');
  });
});
