import type { Page } from '@playwright/test';

/**
 * Types a word on the focused element, a key at a time, as a person typing quickly into a
 * list's type-ahead. A person's keys carry the time they were pressed (the event's timeStamp,
 * which the type-ahead judges pauses by) even when the page is busy and handles them late, as
 * when the first key opens the dial-code list and builds its options on a slow phone.
 * Playwright's keyboard sends a key only once the page has handled the one before, stamped with
 * that later time: on a busy test machine (checked with a 20x CPU slowdown) 'fra' then became
 * three searches. So the keydowns are made together, stamped as typed, and dispatched a task
 * apart, as queued keystrokes are. This also sends letters Playwright's US-only keyboard
 * cannot type, such as Arabic.
 */
export async function typeQuickly(page: Page, word: string | readonly string[]): Promise<void> {
  const keys = typeof word === 'string' ? [...word] : word;
  await page.locator(':focus').evaluate(async (element, typed) => {
    const events = typed.map(
      (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
    for (const event of events) {
      element.dispatchEvent(event);
      // The page redraws between two keystrokes.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }, keys);
}
