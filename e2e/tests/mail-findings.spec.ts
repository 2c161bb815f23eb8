/**
 * Issue 26, point 17: the "data used up" e-mail, as the shop really sends it after a purchase
 * and a day of travel that uses all the data, read on a phone (390x844) and a laptop
 * (1280x800). It must not pan sideways (it was 1,422 px wide on a phone), its top-up link is a
 * labelled button rather than the raw address, and it passes axe. The dev mailbox keeps the
 * HTML part; the page renders it as a mail client would, on its own.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { signUpAndBuy } from '../helpers/purchase';

interface MailboxMessage {
  subject: string;
  text: string;
  html: string;
}

const USED_UP_SUBJECT = /^Your Tern data is used up \(France eSIM · .+\)$/;

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

/** The newest used-up alert mailed to `email`, once the shop has sent it. */
async function usedUpMail(request: APIRequestContext, email: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
        );
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.find((message) => USED_UP_SUBJECT.test(message.subject));
        return found?.subject ?? '';
      },
      { timeout: 30_000 },
    )
    .toMatch(USED_UP_SUBJECT);
  if (!found) throw new Error(`no used-up e-mail for ${email}`);
  return found;
}

/** How far the page reaches sideways, and the innermost elements that pass the window's edge. */
function measureWidth(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wide = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      sticksOut: wide
        .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map(
          (element) => `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 40)}"`,
        ),
    };
  });
}

let mail: MailboxMessage;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const buyer = await signUpAndBuy(page, context.request, { name: 'Maya Haddad' });
  // A day on the road, then every megabyte used: the simulator calls the shop back at 100%.
  const control = `/_sandbox/esimgo/control/esims/${buyer.iccid}`;
  const backdated = await context.request.post(`${control}/backdate`, { data: { hours: 24 } });
  expect(backdated.ok(), await backdated.text()).toBe(true);
  const used = await context.request.post(`${control}/usage`, { data: { usedPercent: 100 } });
  expect(used.ok(), await used.text()).toBe(true);
  mail = await usedUpMail(context.request, buyer.email);
  await context.close();
});

for (const viewport of viewports) {
  test.describe(`the data used up e-mail on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('fits the screen, offers a labelled top-up button and passes axe', async ({ page }) => {
      await page.setContent(mail.html, { waitUntil: 'load' });

      const { scrollWidth, sticksOut } = await measureWidth(page);
      expect(scrollWidth, `wider than the screen: ${sticksOut.join('; ')}`).toBeLessThanOrEqual(
        viewport.width,
      );

      const button = page.getByRole('link', { name: 'Top up this eSIM' });
      await expect(button).toBeVisible();
      const href = (await button.getAttribute('href')) ?? '';
      expect(href).toMatch(/#\/plan-details\?.*purchase_type=Topup/);
      // The address is behind the button, never printed in the e-mail.
      await expect(page.locator('body')).not.toContainText('http');
      // The plain-text part, where no button can be, still carries it.
      expect(mail.text).toContain(href);

      await expectAccessible(page);
    });
  });
}

for (const viewport of viewports) {
  test.describe(`the dev mailbox on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('lists the e-mail, long addresses and all, without panning sideways', async ({ page }) => {
      await page.goto('/_sandbox/mailbox');
      await expect(
        page.getByRole('heading', { level: 2, name: mail.subject }).first(),
      ).toBeVisible();
      const { scrollWidth, sticksOut } = await measureWidth(page);
      expect(scrollWidth, `wider than the screen: ${sticksOut.join('; ')}`).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessible(page);
    });
  });
}
