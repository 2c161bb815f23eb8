/**
 * The plan details page in Arabic and French (issue 15) at 390x844 and 1280x800: a
 * country's page and a region's page say everything in the chosen language (the
 * destination's name too), Arabic right to left with prices left to right; the
 * compatibility and coverage dialogs follow, the coverage list naming its countries in the
 * language. Every test ends with axe on the translated page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { hrefTo, type Plan, paths, planDetailsQuery, type RoamingCountry } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 }, phone: true },
  { name: 'laptop', size: { width: 1280, height: 800 }, phone: false },
] as const;

const franceUrl = `/${hrefTo(
  paths.planDetails,
  planDetailsQuery({ kind: 'country', iso: 'FR', name: 'France' }),
)}`;
const europePlusUrl = `/${hrefTo(paths.planDetails, planDetailsQuery({ kind: 'region', name: 'Europe+' }))}`;

/** What each language should say (Arabic holds prices and data amounts in LRI … PDI); `days` matches a card title's validity. */
const languages = {
  ar: {
    dir: 'rtl',
    menu: 'القائمة',
    france: 'فرنسا',
    europe: 'أوروبا+',
    heading: (name: string) => `باقات ${name}`,
    startingFrom: /^تبدأ الباقات من \u2066?US\$ \d+\.\d\d\u2069?$/,
    price: /^\u2066?US\$ \d+\.\d\d\u2069?$/,
    breadcrumb: { label: 'مسار التنقل', links: ['الرئيسية', 'الباقات'] },
    benefit: 'تعمل مع أي هاتف غير مقفل يدعم eSIM',
    choose: 'اختر باقة',
    groupsLabel: 'فئات الباقات',
    groups: {
      'Standard Plans': 'الباقات العادية',
      'Daily Unlimited Plans': 'باقات يومية غير محدودة',
      'Roaming Plans': 'باقات التجوال',
      'Standard Unlimited Plans': 'باقات غير محدودة',
    } as Record<string, string>,
    title:
      /^(\u2066\d+(\.\d+)? (GB|MB)\u2069|بيانات غير محدودة) · (يوم واحد|يومان|\d+ (أيام|يومًا|يوم))$/,
    buyNow: 'اشترِ الآن',
    viewRegions: 'عرض الدول',
    compatibility: {
      title: 'هل هاتفك متوافق مع eSIM؟',
      step: 'إذا ظهر رقم EID، فهاتفك متوافق مع eSIM.',
      close: 'إغلاق',
      proceed: 'متابعة',
    },
    coverage: { title: 'الدول المشمولة', list: 'الدول', intro: /^تعمل باقة أوروبا\+ \(.+\) في / },
  },
  fr: {
    dir: 'ltr',
    menu: 'Menu',
    france: 'France',
    europe: 'Europe+',
    heading: (name: string) => `Forfaits ${name}`,
    startingFrom: /^Forfaits à partir de \d+,\d\d\s\$US$/,
    price: /^\d+,\d\d\s\$US$/,
    breadcrumb: { label: 'Fil d’Ariane', links: ['Accueil', 'Forfaits'] },
    benefit: 'Fonctionne avec tout téléphone désimlocké compatible eSIM',
    choose: 'Choisissez un forfait',
    groupsLabel: 'Catégories de forfaits',
    groups: {
      'Standard Plans': 'Forfaits standard',
      'Daily Unlimited Plans': 'Forfaits illimités à la journée',
      'Roaming Plans': 'Forfaits itinérance',
      'Standard Unlimited Plans': 'Forfaits illimités standard',
    } as Record<string, string>,
    title: /^(\d+(,\d+)? (Go|Mo)|Illimité) · \d+ jours?$/,
    buyNow: 'Acheter',
    viewRegions: 'Voir les pays',
    compatibility: {
      title: 'Votre téléphone est-il compatible eSIM ?',
      step: 'Si un numéro EID s’affiche, votre téléphone est compatible eSIM.',
      close: 'Fermer',
      proceed: 'Continuer',
    },
    coverage: {
      title: 'Pays couverts',
      list: 'Pays',
      intro: /^Votre forfait Europe\+ \(.+\) fonctionne dans \d+ pays\.$/,
    },
  },
} as const;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

/** Picks a language in the header, or in the phone's menu (closed again afterwards). */
async function chooseLanguage(page: Page, phone: boolean, language: 'ar' | 'fr') {
  if (phone) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  if (phone) await page.getByRole('button', { name: languages[language].menu }).click();
}

for (const viewport of viewports) {
  for (const language of ['ar', 'fr'] as const) {
    const say = languages[language];

    test.describe(`the plan page in ${language} on a ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });

      test("a country's page, its cards and the compatibility dialog", async ({
        page,
        request,
      }) => {
        const plans = await getJson<Plan[]>(request, '/api/plan/country/FR');
        const groupOrder = await getJson<string[]>(request, '/api/plan/groups');
        const groups = groupOrder.filter((group) => plans.some((plan) => plan.plg_name === group));

        await page.goto(franceUrl);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('France Packages');
        await chooseLanguage(page, viewport.phone, language);

        const html = page.locator('html');
        await expect(html).toHaveAttribute('dir', say.dir);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1).toHaveText(say.heading(say.france));
        await expect(page).toHaveTitle(new RegExp(`^${say.heading(say.france)} \\| `));
        await expect(h1.locator('xpath=following-sibling::p[1]')).toHaveText(say.startingFrom);
        const breadcrumb = page.getByRole('navigation', { name: say.breadcrumb.label });
        await expect(breadcrumb.getByRole('link')).toHaveText([...say.breadcrumb.links]);
        await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(say.france);
        await expect(page.getByText(say.benefit)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: say.choose })).toBeVisible();
        await expect(
          page.getByRole('group', { name: say.groupsLabel }).getByRole('button'),
        ).toHaveText(groups.map((group) => say.groups[group] ?? group));

        const card = page.getByRole('article').first();
        const title = card.getByRole('heading', { level: 3 });
        await expect(title).toHaveText(say.title);
        const price = card.locator('[dir="ltr"]').first();
        await expect(price).toHaveText(say.price);
        // The title starts the reading way: at the right in Arabic, the price opposite it.
        const titleBox = await title.boundingBox();
        const priceBox = await price.boundingBox();
        expect(titleBox && priceBox).toBeTruthy();
        if (titleBox && priceBox) {
          expect(titleBox.x > priceBox.x).toBe(language === 'ar');
        }
        await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
        await expectAccessible(page);

        const buyNow = card.getByRole('button', { name: say.buyNow });
        await buyNow.click();
        const dialog = page.getByRole('dialog', { name: say.compatibility.title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(say.france);
        await expect(dialog).toContainText(say.compatibility.step);
        await expect(dialog.locator('kbd')).toHaveText('*#06#');
        await expect(dialog.locator('kbd')).toHaveAttribute('dir', 'ltr');
        await expect(
          dialog.getByRole('button', { name: say.compatibility.proceed, exact: true }),
        ).toBeVisible();
        await expectAccessible(page);
        await dialog.getByRole('button', { name: say.compatibility.close, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(buyNow).toBeFocused();
      });

      test("a region's page and its coverage dialog, the countries named in the language", async ({
        page,
        request,
      }) => {
        const plans = await getJson<Plan[]>(
          request,
          `/api/plan/region/${encodeURIComponent('Europe+')}`,
        );
        const plan = plans.find((entry) => entry.coverage > 1);
        expect(plan, 'a Europe+ plan that covers several countries').toBeDefined();
        const coverage = await getJson<RoamingCountry[]>(
          request,
          `/api/plan/country/roaming/${plan?.pla_id}`,
        );
        const names = new Intl.DisplayNames([language], { type: 'region' });

        await page.goto('/');
        await chooseLanguage(page, viewport.phone, language);
        await page.goto(europePlusUrl);
        await expect(page.locator('html')).toHaveAttribute('dir', say.dir);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(say.heading(say.europe));

        const viewRegions = page.getByRole('button', { name: say.viewRegions }).first();
        await viewRegions.click();
        const dialog = page.getByRole('dialog', { name: say.coverage.title });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(say.coverage.intro)).toBeVisible();
        const items = dialog.getByRole('list', { name: say.coverage.list }).getByRole('listitem');
        await expect(items.first()).toBeVisible();
        const shown = await items.count();
        expect(shown).toBeGreaterThan(1);
        // The first few countries the dialog lists, by their names in the language.
        for (const country of coverage.slice(0, 3)) {
          let name = country.plr_name;
          try {
            name = names.of(country.plr_iso.toUpperCase()) ?? name;
          } catch {
            // not a two-letter region code: the shop's own name shows
          }
          await expect(items.filter({ hasText: name }).first()).toBeVisible();
        }
        // Sorted the way the language sorts its own names.
        const listed = await items.locator('span.block:first-child').allTextContents();
        const collator = new Intl.Collator(language);
        expect(listed).toEqual([...listed].sort(collator.compare));
        await expectAccessible(page);

        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(viewRegions).toBeFocused();
      });
    });
  }
}
