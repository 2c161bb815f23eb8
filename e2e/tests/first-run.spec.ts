/**
 * Issue 26, point 1: a newcomer who runs the README's `npm start` and opens the address it
 * prints can pay, and so can one who types localhost instead. No PUBLIC_URL, no other variable:
 * the shop is started exactly as the README says (helpers/first-run.ts).
 */
import { paths } from '@tern/contract';
import { test as base, expect } from '../fixtures';
import { type FirstRun, startAsReadmeSays } from '../helpers/first-run';
import { buy, francePlan, signUp } from '../helpers/purchase';

const test = base.extend<{ address: 'printed' | 'localhost' }, { firstRun: FirstRun }>({
  firstRun: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture needs from this pattern
    async ({}, use) => {
      const firstRun = await startAsReadmeSays();
      try {
        await use(firstRun);
      } finally {
        await firstRun.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  address: ['printed', { option: true }],
  baseURL: async ({ firstRun, address }, use) =>
    use(
      address === 'printed'
        ? firstRun.printedAddress
        : firstRun.printedAddress.replace('127.0.0.1', 'localhost'),
    ),
});

// One shop on the README's port for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

test('the shop prints the README’s address', async ({ firstRun }) => {
  expect(firstRun.printedAddress).toBe('http://127.0.0.1:8080');
});

for (const address of ['printed', 'localhost'] as const) {
  test.describe(`opened at the ${address === 'printed' ? 'printed address' : 'localhost'}`, () => {
    test.use({ address });

    test('a newcomer signs up, pays on the hosted page and gets an eSIM', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const refusedScripts: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refusedScripts.push(message.text());
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Choose your destination' })).toBeVisible();
      const plan = await francePlan(request);
      await signUp(page, request);
      const { iccid } = await buy(page, plan);
      expect(new URL(page.url()).origin).toBe(baseURL);
      await expect(page).toHaveURL(new RegExp(`#${paths.profile}$`));
      await expect(page.getByText(iccid, { exact: true })).toBeVisible();
      expect(refusedScripts).toEqual([]);
    });
  });
}
