/**
 * The profile in Arabic and French (issue 15) at 390x844 and 1280x800, for a traveller with
 * an eSIM: the page, the eSIM card (its destination named in the language, the plan's title
 * and the purchase date in it, the ICCID left to right), the QR Code dialog and the Invoices
 * tab with its paginator read in the chosen language, Arabic right to left with the usage bar
 * and the paginator's arrows mirrored; the invoice PDF is asked for in the language on screen
 * (?lang=) and comes back in it. Every test ends with axe on the translated page. The Arabic
 * profile on a phone is the screenshot docs/screenshots/profile-ar-390x844.png.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';
import { edgesInOneFrame } from '../helpers/layout';
import { type Purchase, signUpAndBuy } from '../helpers/purchase';

test.describe.configure({ mode: 'serial' });

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 }, phone: true },
  { name: 'laptop', size: { width: 1280, height: 800 }, phone: false },
] as const;

/** What each language says, word for word as its catalogue has it. */
const languages = {
  ar: {
    dir: 'rtl',
    intl: 'ar-LB-u-nu-latn',
    pageTitle: 'حسابي',
    welcome: (name: string) => `مرحبًا، ${name}`,
    tabs: {
      esims: 'شرائح eSIM الخاصة بي',
      invoices: 'الفواتير',
      invite: 'ادعُ أصدقاءك',
      label: 'حسابي',
    },
    france: 'فرنسا',
    iccid: 'ICCID',
    purchased: 'تاريخ الشراء',
    status: 'الحالة',
    notInstalled: 'جاهز للتثبيت',
    bundle: 'الباقة',
    firstPurchase: 'الشراء الأول',
    title:
      /^(\u2066\d+(\.\d+)? (GB|MB)\u2069|بيانات غير محدودة) · (يوم واحد|يومان|\d+ (أيام|يومًا|يوم))$/,
    buttons: ['إعادة الشحن', 'رمز QR', 'الاستهلاك', 'تفاصيل الشريحة'],
    forThis: 'لشريحة eSIM رقم',
    qr: {
      title: 'رمز QR',
      state: /^(رمز QR هذا صالح لاستخدام واحد فقط|امسح رمز QR هذا)/,
      manual: 'التثبيت دون مسح الرمز',
      ios: 'التثبيت على iPhone (iOS 17.4 أو أحدث)',
      copy: ['نسخ عنوان \u2066SM-DP+\u2069', 'نسخ رمز التفعيل'],
      download: 'تنزيل',
      close: 'إغلاق',
      alt: 'رمز QR لتثبيت شريحة eSIM رقم',
      understand: 'فهمت، اعرض طريقة التثبيت',
    },
    usage: {
      title: 'الاستهلاك',
      left: /^تبقّى \u2066[\d.,]+ MB\u2069 من \u2066[\d.,]+ MB\u2069$/,
      terms: ['تاريخ البدء', 'تاريخ الانتهاء', 'بياناتك'],
      runOut: /^(تكفي حتى نهاية باقتك في|تنفد نحو) \d+ \S+( \S+)? 20\d\d/,
    },
    invoices: {
      search: 'البحث في الفواتير',
      caption: 'فواتيرك',
      headers: ['رقم الفاتورة', 'التاريخ', 'ICCID', 'الوصف', 'المبلغ', 'ملف PDF للفاتورة'],
      date: 'التاريخ',
      plan: 'الباقة',
      price: /^\u2066?US\$ \d+\.\d\d\u2069?$/,
      download: 'تنزيل PDF',
      downloadLabel: 'تنزيل ملف PDF للفاتورة',
    },
    paginator: {
      label: 'صفحات الفواتير',
      perPage: 'عدد العناصر في الصفحة: 100',
      range: '1 – 1 من 1',
      next: 'الصفحة التالية',
    },
  },
  fr: {
    dir: 'ltr',
    intl: 'fr',
    pageTitle: 'Mon compte',
    welcome: (name: string) => `Bienvenue, ${name}`,
    tabs: {
      esims: 'Mes eSIM',
      invoices: 'Factures',
      invite: 'Inviter des amis',
      label: 'Mon compte',
    },
    france: 'France',
    iccid: 'ICCID',
    purchased: 'Achetée le',
    status: 'État',
    notInstalled: 'Prêt à installer',
    bundle: 'Forfait',
    firstPurchase: 'Premier achat',
    title: /^(\d+(,\d+)? (Go|Mo)|Illimité) · \d+ jours?$/,
    buttons: ['Recharger', 'Code QR', 'Consommation', 'Détails de l’eSIM'],
    forThis: 'pour l’eSIM',
    qr: {
      title: 'Code QR',
      state: /^(Ce code QR ne sert qu’une fois|Scannez ce code QR)/,
      manual: 'Installer sans scanner',
      ios: 'Installer sur iPhone (iOS 17.4+)',
      copy: ['Copier\u00a0: Adresse SM-DP+', 'Copier\u00a0: Code d’activation'],
      download: 'Télécharger',
      close: 'Fermer',
      alt: 'Code QR pour installer l’eSIM',
      understand: 'J’ai compris, afficher l’installation',
    },
    usage: {
      title: 'Consommation',
      left: /^[\d\s,]+ Mo restants sur [\d\s,]+ Mo$/,
      terms: ['Date de début', 'Date d’expiration', 'Vos données'],
      runOut: /^(Dureront jusqu’à la fin de votre forfait, le|Épuisées vers le) \d+ \S+ 20\d\d/,
    },
    invoices: {
      search: 'Rechercher une facture',
      caption: 'Vos factures',
      headers: ['N° de facture', 'Date', 'ICCID', 'Description', 'Montant', 'Facture PDF'],
      date: 'Date',
      plan: 'Forfait',
      price: /^\d+,\d\d\s\$US$/,
      download: 'Télécharger le PDF',
      downloadLabel: 'Télécharger le PDF de la facture',
    },
    paginator: {
      label: 'Pages des factures',
      perPage: 'Éléments par page\u00a0: 100',
      range: '1 – 1 sur 1',
      next: 'Page suivante',
    },
  },
} as const;

/** English words that must not be left on a translated page. */
const englishLeftovers = /\b(Welcome|Purchased|Bundle|First purchase|Topup|Invoices|Download)\b/;

let buyer: Purchase;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  buyer = await signUpAndBuy(page, context.request, { name: 'Layla Khoury' });
  // A day on the road: the bundle started then and part of its data is used, so the usage
  // bar is partly filled (the simulator moves this eSIM's bundles back, not the clock).
  const backdated = await context.request.post(
    `/_sandbox/esimgo/control/esims/${buyer.iccid}/backdate`,
    { data: { hours: 24 } },
  );
  expect(backdated.ok(), await backdated.text()).toBe(true);
  await context.close();
});

/** Opens the app signed in as the buyer, in `language`, as a reload would find it. */
async function openProfileIn(page: Page, language: 'ar' | 'fr') {
  await page.addInitScript(
    ({ client, lang }) => {
      window.localStorage.setItem('lang', lang);
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', 'yes');
      window.localStorage.setItem('cli_token', client.token);
      window.localStorage.setItem('cli_email', client.email);
      window.localStorage.setItem('cli_name', client.name);
      window.localStorage.setItem('cli_mobile', client.mobile);
    },
    { client: buyer, lang: language },
  );
  await page.goto(`/${hrefTo(paths.profile)}`);
  const say = languages[language];
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', say.dir);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say.welcome(buyer.name));
}

const esimCard = (page: Page) => page.getByRole('article').filter({ hasText: buyer.iccid });

/** A date as the browser writes it in the language, month in words (the profile's format). */
function browserDate(page: Page, iso: string, locale: string) {
  return page.evaluate(
    ({ at, intl }) =>
      new Intl.DateTimeFormat(intl, { year: 'numeric', month: 'short', day: 'numeric' }).format(
        new Date(at),
      ),
    { at: iso, intl: locale },
  );
}

/** Where an element's text starts and ends across the page (not its whole block). */
async function textEdges(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const box = range.getBoundingClientRect();
    return { left: box.left, right: box.right };
  });
}

/** Where a box starts and ends across the page. */
async function edges(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').toBeTruthy();
  return { left: box?.x ?? 0, right: (box?.x ?? 0) + (box?.width ?? 0) };
}

for (const viewport of viewports) {
  for (const language of ['ar', 'fr'] as const) {
    const say = languages[language];

    test.describe(`the profile in ${language} on a ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });

      test('the eSIM card and its QR Code dialog', async ({ page }) => {
        await openProfileIn(page, language);
        await expect(page).toHaveTitle(new RegExp(`^${say.pageTitle} \\| `));
        const tabs = page.getByRole('tablist', { name: say.tabs.label }).getByRole('tab');
        // The share link's tab (issue 31) follows the buyer's own two.
        await expect(tabs).toHaveText([say.tabs.esims, say.tabs.invoices, say.tabs.invite]);

        const card = esimCard(page);
        await expect(card.getByRole('heading', { level: 3 })).toHaveText(say.france);
        // The install status in words (issue 26): the provider's "Released" never shows.
        await expect(card.locator('dt')).toHaveText([say.iccid, say.purchased, say.status]);
        await expect(card.locator('dd').nth(2)).toHaveText(say.notInstalled);
        // The ICCID reads left to right in Arabic too, as it is typed into a phone.
        const iccid = card.locator('dd bdi[dir="ltr"]');
        await expect(iccid).toHaveText(buyer.iccid);
        const bundles = card.getByRole('region', { name: say.bundle, exact: true });
        await expect(bundles.getByRole('listitem')).toHaveCount(1);
        const purchase = bundles.getByRole('listitem').first();
        await expect(purchase.locator('span').first()).toHaveText(say.title);
        const purchasedAt = (await purchase.locator('time').getAttribute('datetime')) ?? '';
        await expect(purchase.locator('time')).toHaveText(
          await browserDate(page, purchasedAt, say.intl),
        );
        await expect(purchase).toContainText(say.firstPurchase);
        // Each action in the language, telling a screen reader which eSIM it is for.
        for (const [index, name] of say.buttons.entries()) {
          const action = card.getByRole(index === 0 ? 'link' : 'button', {
            name: `${name} ${say.forThis} ${buyer.iccid}`,
          });
          await action.scrollIntoViewIfNeeded();
          await expect(action).toBeInViewport();
        }
        await expect(page.getByRole('main')).not.toContainText(englishLeftovers);
        // The destination's name starts the reading way: at the card's right edge in Arabic.
        const heading = await textEdges(card.getByRole('heading', { level: 3 }));
        const box = await edges(card);
        if (language === 'ar') expect(box.right - heading.right).toBeLessThan(30);
        else expect(heading.left - box.left).toBeLessThan(30);
        if (language === 'ar' && viewport.phone) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await expect(card.getByRole('heading', { level: 3 })).toBeInViewport();
          await page.screenshot({ path: '../docs/screenshots/profile-ar-390x844.png' });
        }
        await expectAccessible(page);

        const qrButton = card.getByRole('button', { name: new RegExp(`^${say.buttons[1]}`) });
        await qrButton.click();
        const dialog = page.getByRole('dialog', { name: say.qr.title });
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('bdi[dir="ltr"]').first()).toHaveText(buyer.iccid);
        await expect(dialog.getByText(say.qr.state)).toBeVisible();
        // Not installed yet: the once-only warning comes first, in the language (issue 31).
        await expect(dialog.getByRole('img')).toHaveCount(0);
        await dialog.getByRole('button', { name: say.qr.understand }).click();
        await expect(dialog.getByRole('img')).toHaveAttribute(
          'alt',
          `${say.qr.alt} ${buyer.iccid}`,
        );
        await expect(dialog.getByRole('heading', { name: say.qr.manual })).toBeVisible();
        await expect(
          dialog.getByRole('link', { name: new RegExp(`^${escapeRegExp(say.qr.ios)}`) }),
        ).toBeVisible();
        for (const copy of say.qr.copy) {
          await expect(dialog.getByRole('button', { name: copy, exact: true })).toBeVisible();
        }
        // The SM-DP+ address and activation code read left to right.
        await expect(dialog.locator('dd span[dir="ltr"]')).toHaveCount(2);
        await expect(dialog.getByRole('link', { name: say.qr.download })).toBeVisible();
        await expect(dialog).not.toContainText(/\b(Install|Copy|Download|Close)\b/);
        await expectAccessible(page);
        await dialog.getByRole('button', { name: say.qr.close, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(qrButton).toBeFocused();
      });

      test('the usage dialog, its bar filling from the reading’s start', async ({ page }) => {
        await openProfileIn(page, language);
        await esimCard(page)
          .getByRole('button', { name: new RegExp(`^${say.buttons[2]}`) })
          .click();
        const dialog = page.getByRole('dialog', { name: say.usage.title });
        await expect(dialog).toBeVisible();
        const bundle = dialog.getByRole('article').first();
        await expect(bundle.getByRole('heading', { level: 3 })).toHaveText(say.title);
        const bar = bundle.getByRole('progressbar');
        await expect(bar).toBeVisible();
        await expect(bundle.locator('p').filter({ has: page.locator('strong') })).toHaveText(
          say.usage.left,
        );
        // Part of the data is used: the fill is shorter than its track.
        const percentLeft = Number(await bar.getAttribute('aria-valuenow'));
        expect(percentLeft).toBeGreaterThan(0);
        expect(percentLeft).toBeLessThan(100);
        const [track, fill] = await edgesInOneFrame(page, [bar, bar.locator('div')]);
        if (!track || !fill) throw new Error('the bar and its fill are laid out');
        expect(fill.right - fill.left).toBeLessThan(track.right - track.left - 1);
        if (language === 'ar') expect(Math.abs(fill.right - track.right)).toBeLessThan(1);
        else expect(Math.abs(fill.left - track.left)).toBeLessThan(1);
        // Started a day ago: its dates and when the data runs out, in the language.
        await expect(bundle.locator('dt')).toHaveText([...say.usage.terms]);
        await expect(bundle.locator('dd').nth(2)).toHaveText(say.usage.runOut);
        await expect(dialog).not.toContainText(
          /\b(left of|Start date|Expiry|Lasts until|Runs out)\b/,
        );
        await expectAccessible(page);
      });

      test('the invoices, their paginator and a PDF in the language', async ({ page }) => {
        await openProfileIn(page, language);
        await page.getByRole('tab', { name: say.tabs.invoices }).click();
        await expect(page.getByRole('searchbox', { name: say.invoices.search })).toBeVisible();

        let downloadButton: Locator;
        if (viewport.phone) {
          const cards = page
            .getByRole('list', { name: say.invoices.caption })
            .getByRole('listitem');
          await expect(cards).toHaveCount(1);
          const card = cards.first();
          await expect(card.locator('dt')).toHaveText([
            say.invoices.date,
            say.invoices.plan,
            say.iccid,
          ]);
          await expect(card.locator('dd').nth(1)).toHaveText(say.title);
          await expect(card.locator('dd bdi[dir="ltr"]')).toHaveText(buyer.iccid);
          await expect(card.locator('p[dir="ltr"]')).toHaveText(say.invoices.price);
          downloadButton = card.getByRole('button', {
            name: new RegExp(`^${say.invoices.downloadLabel} INV-\\d+$`),
          });
        } else {
          const table = page.getByRole('table', { name: say.invoices.caption });
          await expect(table.getByRole('columnheader')).toHaveText([...say.invoices.headers]);
          const row = table.getByRole('row').nth(1);
          await expect(row.getByRole('cell').nth(2)).toHaveText(say.title);
          await expect(row.getByRole('cell').nth(3)).toHaveText(say.invoices.price);
          downloadButton = row.getByRole('button', {
            name: new RegExp(`^${say.invoices.downloadLabel} INV-\\d+$`),
          });
        }
        await expect(downloadButton).toHaveText(say.invoices.download);

        const paginator = page.getByRole('navigation', { name: say.paginator.label });
        await expect(paginator.locator('p').first()).toHaveText(say.paginator.perPage);
        await expect(paginator.locator('p').nth(1)).toHaveText(say.paginator.range);
        // The arrows point the reading way: mirrored right to left.
        const arrow = paginator.getByRole('button', { name: say.paginator.next }).locator('svg');
        const mirrored = await arrow.evaluate((svg) => {
          const style = getComputedStyle(svg);
          return style.scale.startsWith('-1') || style.transform.startsWith('matrix(-1');
        });
        expect(mirrored).toBe(language === 'ar');
        await expect(page.getByRole('tabpanel')).not.toContainText(englishLeftovers);
        await expectAccessible(page);

        const asked = page.waitForRequest((request) => request.url().includes('/invoice.pdf'));
        const downloading = page.waitForEvent('download');
        await downloadButton.click();
        const request = await asked;
        expect(new URL(request.url()).searchParams.get('lang')).toBe(language);
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/^INV-\d{6,}\.pdf$/);
        const pdf = await readFile(await download.path());
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdf.toString('latin1')).toContain(`/Lang (${language})`);
      });
    });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
