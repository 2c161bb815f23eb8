// The help pages in Arabic (right to left) and French, as a traveller who chose that language reads them, on a phone and a laptop.
import type { Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
];

/** Opens a page as a traveller whose remembered language is the given one. */
async function openIn(page: Page, language: 'ar' | 'fr', path: string): Promise<void> {
  await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  await page.goto(`/${path}`);
}

for (const viewport of viewports) {
  test.describe(`help pages on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the FAQ reads in Arabic, right to left, and opens an answer with its list', async ({
      page,
    }) => {
      await openIn(page, 'ar', hrefTo(paths.faq));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'الأسئلة الشائعة' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2 })).toHaveText([
        'عن شرائح eSIM',
        'استخدام شريحة eSIM',
        'تفاصيل باقات eSIM',
        'حلّ المشكلات',
        'هل لديك أسئلة أخرى؟',
      ]);
      await main.getByRole('button', { name: 'كيف تعمل شريحة eSIM من Tern؟' }).click();
      await expect(
        main.getByText('ادفع مرة واحدة بالبطاقة على صفحة دفع آمنة', { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'تواصل مع فريق الدعم' })).toBeVisible();
      await expectAccessible(page);
    });

    test('the setup guide walks through the steps in French', async ({ page }) => {
      await openIn(page, 'fr', hrefTo(paths.userGuide));
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Guide d’installation eSIM' }),
      ).toBeVisible();
      await expect(page.getByText('Étape 1 sur 11')).toBeVisible();
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: 'Vérifiez que votre iPhone est compatible eSIM',
        }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(page.getByText('Étape 2 sur 11')).toBeVisible();
      await page.getByRole('tab', { name: 'Android' }).click();
      await expect(page.getByText('Étape 1 sur 8')).toBeVisible();
      await expectAccessible(page);
    });

    test('the terms in French name Lebanese law and the courts of Beirut', async ({ page }) => {
      await openIn(page, 'fr', hrefTo(paths.termsAndConditions));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Conditions générales' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Sommaire' })).toBeVisible();
      await expect(page.getByText('régies par le droit libanais', { exact: false })).toBeVisible();
      await expect(page.getByText('tribunaux de Beyrouth', { exact: false })).toBeVisible();
      await expectAccessible(page);
    });

    test('the compatibility check and the contact page read in Arabic', async ({ page }) => {
      await openIn(page, 'ar', hrefTo(paths.esimAlert));
      await expect(
        page.getByRole('heading', { level: 1, name: 'هل هاتفك متوافق مع eSIM؟' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'نعم، هاتفي يدعم eSIM' })).toBeVisible();
      await expectAccessible(page);
      await page.goto(`/${hrefTo(paths.contactUs)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'نحن هنا لمساعدتك' })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
