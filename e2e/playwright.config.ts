import { defineConfig } from '@playwright/test';

/**
 * Browser tests run the production build (started once in global-setup.ts on a free
 * port with a throwaway data folder) in Debian's Chromium: never a downloaded browser.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'off',
    // The shop's service worker (decision 0020) would route each spec's requests through
    // itself, out of reach of page.route(), and precache the whole build in every spec.
    // Specs about the installed app opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
});
