/**
 * Issue 26, point 5, in the browser: the order summary of a $1.99 plan adds up to the cent
 * with VAT exactly 11% of the subtotal shown (rounded half up), and says what the stamps are,
 * in English, French and Arabic on a phone and a laptop; a refunded purchase's credit note is
 * downloaded from the invoices, numbered CN-… and cancelling its invoice with negative amounts.
 * Every page is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { pdfText } from '../helpers/pdf';
import { chooseOnPlanPage, francePlan, signUp, signUpAndBuy } from '../helpers/purchase';

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 } },
  { name: 'laptop', size: { width: 1280, height: 800 } },
] as const;

/** The summary's words in each language, as its catalogue has them. */
const languages = [
  {
    code: 'en',
    caption: 'Your order',
    subtotal: 'Subtotal',
    vat: 'VAT (11%)',
    stamps: 'Stamps',
    stampsNote: 'Lebanese fiscal stamp duty',
    total: 'Total (USD)',
  },
  {
    code: 'fr',
    caption: 'Votre commande',
    subtotal: 'Sous-total',
    vat: 'TVA (11\u00a0%)',
    stamps: 'Droits de timbre',
    stampsNote: 'Timbre fiscal libanais',
    total: 'Total (USD)',
  },
  {
    code: 'ar',
    caption: 'طلبك',
    subtotal: 'المجموع الفرعي',
    vat: 'ضريبة القيمة المضافة (11%)',
    stamps: 'الطوابع المالية',
    stampsNote: 'رسم الطابع المالي اللبناني',
    total: 'الإجمالي (USD)',
  },
] as const;

async function speak(page: Page, code: string) {
  await page.addInitScript((language) => window.localStorage.setItem('lang', language), code);
}

/** The cents of a price as any of the languages writes it: '$ 1.59', '1,59 $US', 'US$ 1.59'. */
async function centsIn(cell: Locator): Promise<number> {
  const text = (await cell.textContent()) ?? '';
  const match = /(\d+)[.,](\d{2})/.exec(text);
  if (!match) throw new Error(`No price in “${text}”`);
  return Number(match[1]) * 100 + Number(match[2]);
}

for (const viewport of viewports) {
  test.describe(`the order summary on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    for (const words of languages) {
      test(`adds up to the cent for $1.99 in ${words.code}, VAT 11% of the subtotal`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        const plan = await francePlan(request);
        // France's cheapest plan is one of the prices no subtotal reaches exactly.
        expect(plan.pla_price).toBe(1.99);
        await signUp(page, request);
        await chooseOnPlanPage(page, plan);
        await expect(page).toHaveURL(new RegExp(`#${paths.planConfirmation}$`));
        if (words.code !== 'en') {
          await speak(page, words.code);
          await page.reload();
          await expect(page.locator('html')).toHaveAttribute('lang', words.code);
        }

        const summary = page.getByRole('table', { name: words.caption });
        const amountOf = (label: string) =>
          summary
            .getByRole('row')
            .filter({ has: page.getByRole('rowheader', { name: label }) })
            .getByRole('cell');
        const subtotal = await centsIn(amountOf(words.subtotal));
        const vat = await centsIn(amountOf(words.vat));
        const stamps = await centsIn(amountOf(words.stamps));
        const total = await centsIn(amountOf(words.total));
        expect(total).toBe(199);
        expect(subtotal + vat + stamps).toBe(total);
        // 11% of the subtotal shown, rounded half up: 11% of 1.59 is 0.1749, so 0.17.
        expect(vat).toBe(Math.floor((subtotal * 11 + 50) / 100));
        expect({ subtotal, vat, stamps }).toEqual({ subtotal: 159, vat: 17, stamps: 23 });
        // The line's price is the subtotal shown below it.
        expect(await centsIn(summary.getByRole('row').nth(1).getByRole('cell').first())).toBe(
          subtotal,
        );

        // The stamps say what they are, inside the table and without widening the page.
        const stampsHeader = summary.getByRole('rowheader', { name: words.stamps });
        await expect(stampsHeader.getByText(words.stampsNote, { exact: true })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectAccessible(page);
      });
    }
  });
}

/** Refunds the buyer's eSIM from the profile, as a traveller does. */
async function refundFromProfile(page: Page, iccid: string): Promise<void> {
  await page.goto(`/${hrefTo(paths.profile)}`);
  const card = page.getByRole('article').filter({ hasText: iccid });
  await card.getByRole('button', { name: /^Request refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  await dialog.getByRole('button', { name: 'Refund this eSIM' }).click();
  await expect(page.getByText('Your eSIM was refunded.')).toBeVisible();
}

const creditNoteCases = [
  {
    viewport: viewports[1],
    code: 'en',
    tab: 'Invoices',
    button: 'Credit note',
    expected: (invoice: string, credit: string) => [
      'CREDIT NOTE',
      `Credit note number: ${credit}`,
      `Cancels invoice: ${invoice}`,
      'USD -1.99',
    ],
  },
  {
    viewport: viewports[0],
    code: 'fr',
    tab: 'Factures',
    button: 'Avoir',
    expected: (invoice: string, credit: string) => [
      'AVOIR',
      `Numéro d’avoir\u00a0: ${credit}`,
      `Annule la facture\u00a0: ${invoice}`,
      '-1,99\u00a0$US',
    ],
  },
] as const;

for (const item of creditNoteCases) {
  test.describe(`a refund’s credit note on a ${item.viewport.name}`, () => {
    test.use({ viewport: item.viewport.size });

    test(`is downloaded from the invoices in ${item.code}, negative and naming its invoice`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const buyer = await signUpAndBuy(page, request, { name: 'Lina Khoury' });
      await refundFromProfile(page, buyer.iccid);
      if (item.code !== 'en') {
        // Read again in the language, as a traveller switching it would.
        await speak(page, item.code);
        await page.reload();
      }
      await page.getByRole('tab', { name: item.tab }).click();

      // The phone's cards and the laptop's table: only one of them is shown.
      const button = page.getByRole('button', { name: item.button });
      await expect(button).toHaveCount(1);
      const label = (await button.getAttribute('aria-label')) ?? '';
      const credit = /CN-\d{6,}/.exec(label)?.[0] ?? '';
      const invoice = /INV-\d{6,}/.exec(label)?.[0] ?? '';
      expect(credit).toMatch(/^CN-\d{6,}$/);
      expect(invoice).toBe(credit.replace('CN-', 'INV-'));
      await expectAccessible(page);

      const downloading = page.waitForEvent('download');
      await button.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${credit}.pdf`);
      const text = pdfText(await readFile(await download.path()));
      for (const expected of item.expected(invoice, credit)) expect(text).toContain(expected);
    });
  });
}
