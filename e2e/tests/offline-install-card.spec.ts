/**
 * The install card offline (issue 16): with the shop's service worker running, a buyer opens
 * the profile once online; reloaded with no connection, the profile still shows every eSIM
 * with its QR code, the values to type in, the one-tap install links and the last usage with
 * the time it was read, and the QR dialog opens. Logout, then another account signing in,
 * leaves nothing of the first account on the device.
 */
import type { BrowserContext, Page, Response } from '@playwright/test';
import {
  type EsimBundlesView,
  type EsimDetailsView,
  hrefTo,
  paths,
  profileApiPaths,
} from '@tern/contract';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, expectAccessible, test } from '../fixtures';
import { savedAccounts } from '../helpers/offline-copy';
import { buy, francePlan, signUp } from '../helpers/purchase';

// The worker is what this spec is about (the other specs run without it).
test.use({ serviceWorkers: 'allow' });

const OFFLINE_NOTICE = /^Offline — showing what was saved at .+/;
const SAVED_LINE = /^Saved on this device for use offline at .+/;

/** The activation code a QR image holds, read from its pixels. */
function decodeQr(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
}

/** Every usage reading the shop gave the page, by ICCID: the one kept is one of them. */
function recordReadings(page: Page): Map<string, EsimBundlesView[]> {
  const readings = new Map<string, EsimBundlesView[]>();
  page.on('response', (response: Response) => {
    const match = /\/api\/esim\/details\/bundles\/(\d+)$/.exec(new URL(response.url()).pathname);
    const iccid = match?.[1];
    if (!iccid || !response.ok()) return;
    void response
      .json()
      .then((body: EsimBundlesView) => readings.set(iccid, [...(readings.get(iccid) ?? []), body]))
      .catch(() => undefined);
  });
  return readings;
}

async function goOfflineAndReload(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.reload();
}

test('the profile and its QR dialog open offline after one visit, for that account only', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const readings = recordReadings(page);
  const plan = await francePlan(request);
  const buyer = await signUp(page, request, 'Layla Offline');
  const first = await buy(page, plan);
  const second = await buy(page, plan);
  const iccids = [first.iccid, second.iccid];
  const details = new Map<string, EsimDetailsView>();
  for (const iccid of iccids) {
    const answer = await request.get(profileApiPaths.esimDetails.href(iccid), {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(answer.ok()).toBe(true);
    details.set(iccid, (await answer.json()) as EsimDetailsView);
  }

  // Online, once more (the purchase ended here): the profile brings its copy up to date and
  // says so; the QR dialog opens as ever.
  const visited = Date.now();
  await page.reload();
  const savedAt = async () =>
    Date.parse((await page.getByText(SAVED_LINE).locator('time').getAttribute('datetime')) ?? '');
  await expect.poll(savedAt, { timeout: 30_000 }).toBeGreaterThan(visited);
  await page
    .getByRole('article')
    .filter({ hasText: first.iccid })
    .getByRole('button', { name: 'QR Code' })
    .click();
  // Not installed yet: the once-only warning first (issue 31); read here for the first eSIM.
  await page
    .getByRole('dialog', { name: 'QR Code' })
    .getByRole('button', { name: 'I understand, show install' })
    .click();
  await expect(page.getByRole('dialog', { name: 'QR Code' }).getByRole('img')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'QR Code' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  // The shell is cached by the worker once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(await savedAccounts(page)).toEqual([buyer.email.toLowerCase()]);

  await goOfflineAndReload(context, page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome, Layla Offline' }),
  ).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();

  for (const iccid of iccids) {
    const install = details.get(iccid);
    if (!install) throw new Error(`no install details for ${iccid}`);
    const card = page.getByRole('article').filter({ hasText: iccid });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'France', exact: true })).toBeVisible();
    // The warning read online for the first eSIM holds offline; the second's is asked here,
    // before its code and links (issue 31).
    if (iccid === second.iccid) {
      await expect(card.getByText(/The install link and the QR code work once/)).toBeVisible();
      await expect(card.getByRole('img')).toHaveCount(0);
      await card.getByRole('button', { name: 'I understand, show install' }).click();
    }

    // The QR code itself, kept as an image: it holds the eSIM's activation code.
    const qr = card.getByRole('img', { name: `QR code to install eSIM ${iccid}` });
    await expect(qr).toBeVisible();
    expect(decodeQr((await qr.getAttribute('src')) ?? '')).toBe(install.lpa);

    // The values to type in by hand, and the one-tap links.
    await expect(card.getByText(install.smdpAddress, { exact: true })).toBeVisible();
    await expect(card.getByText(install.matchingId, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: /Install on iPhone/ })).toHaveAttribute(
      'href',
      install.links.ios,
    );
    await expect(card.getByRole('link', { name: /Install on Android/ })).toHaveAttribute(
      'href',
      install.links.android,
    );

    // The last usage, with the time it was read: one of the readings the shop gave online.
    const usage = card.getByRole('region', { name: 'Usage' });
    const readAt = (await usage.locator('time').getAttribute('datetime')) ?? '';
    const reading = readings.get(iccid)?.find((answer) => answer.readAt === readAt);
    if (!reading) throw new Error(`${iccid}: no reading at "${readAt}" was given online`);
    await expect(usage).toContainText('as of');
    const assignment = reading.data.bundles[0]?.assignments[0];
    if (!assignment) throw new Error(`no bundle on ${iccid}`);
    const left = Math.round(assignment.remainingQuantity / 1_000_000).toLocaleString('en-US');
    const bought = Math.round(assignment.initialQuantity / 1_000_000).toLocaleString('en-US');
    await expect(usage).toContainText(`${left} MB left of ${bought} MB`);
  }
  await expectAccessible(page);

  // The QR dialog opens from the copy too.
  await page
    .getByRole('article')
    .filter({ hasText: second.iccid })
    .getByRole('button', { name: 'QR Code' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'QR Code' });
  const image = dialog.getByRole('img', { name: `QR code to install eSIM ${second.iccid}` });
  await expect(image).toBeVisible();
  expect(decodeQr((await image.getAttribute('src')) ?? '')).toBe(details.get(second.iccid)?.lpa);
  await expect(dialog.getByText(details.get(second.iccid)?.matchingId ?? '-')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Back online: logout forgets the copy, and the next account finds nothing of the first.
  await context.setOffline(false);
  await page.reload();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`#${paths.plan}$`));
  await expect.poll(() => savedAccounts(page)).toEqual([]);

  const other = await signUp(page, request, 'Omar Second');
  await page.goto(`/${hrefTo(paths.profile)}`);
  await expect(page.getByText('You have no eSIMs yet')).toBeVisible();
  await expect(page.getByText(SAVED_LINE)).toBeVisible();
  expect(await savedAccounts(page)).toEqual([other.email.toLowerCase()]);

  await goOfflineAndReload(context, page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Omar Second' })).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await expect(page.getByText('You have no eSIMs yet')).toBeVisible();
  for (const iccid of iccids) await expect(page.getByText(iccid)).toHaveCount(0);
  await context.setOffline(false);
});
