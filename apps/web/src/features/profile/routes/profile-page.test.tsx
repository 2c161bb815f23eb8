import 'fake-indexeddb/auto';
import { profileApiPaths } from '@tern/contract/profile';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllAccounts, readSnapshot, saveSnapshot } from '../../../lib/offline/snapshot-store';
import { session } from '../../../lib/session-store';
import { fakeApi } from '../../../testing/fake-api';
import { signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { ProfilePage } from './profile-page';

const email = 'rana@example.com';

/** Another tab logs out: it clears local storage, and the browser tells this tab so. */
function logoutInAnotherTab(): void {
  window.localStorage.clear();
  window.dispatchEvent(
    new StorageEvent('storage', { key: null, storageArea: window.localStorage }),
  );
}

describe('the profile when another tab logs out', () => {
  beforeEach(() => {
    signInRana();
    fakeApi().answer('GET', profileApiPaths.myEsims.href(), { body: { data: [] } });
  });
  afterEach(forgetAllAccounts);

  it('shows the signed-out state, and its session has ended here too', async () => {
    renderInShop(<ProfilePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Rana' })).toBeVisible();

    logoutInAnotherTab();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are signed out' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(session.get().client).toBeUndefined();
  });

  it('clears the offline copy this tab wrote after the other tab had cleared it', async () => {
    renderInShop(<ProfilePage />);
    // This tab's copy, landed after the other tab's logout had deleted every copy.
    await vi.waitFor(async () => expect(await readSnapshot(email)).toBeDefined());
    window.localStorage.clear();
    await forgetAllAccounts();
    await saveSnapshot(email, []);

    logoutInAnotherTab();

    await vi.waitFor(async () => expect(await readSnapshot(email)).toBeUndefined());
  });
});
