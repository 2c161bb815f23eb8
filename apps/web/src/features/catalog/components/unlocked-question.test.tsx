import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { session, storageKeys } from '../../../lib/session-store';
import { francePlan } from '../../../testing/catalog';
import { renderInShop } from '../../../testing/render';
import { CompatibilityDialog } from './compatibility-dialog';

function renderDialog() {
  const onProceed = vi.fn();
  const view = renderInShop(
    <CompatibilityDialog
      plan={francePlan}
      open
      destinationName="France"
      onClose={() => {}}
      onProceed={onProceed}
    />,
  );
  return { ...view, onProceed };
}

const question = () => screen.getByRole('group', { name: 'Is your phone unlocked?' });
const lockedWarning = /This eSIM will not work on a locked phone/;

describe('the compatibility step asks whether the phone is unlocked', () => {
  beforeEach(() => window.localStorage.clear());

  it('says how to check on an iPhone and on Android, with Yes, No and Not sure', () => {
    renderDialog();
    expect(question()).toHaveAccessibleDescription(/Carrier Lock/);
    expect(question()).toHaveTextContent(
      'iPhone: go to Settings > General > About and find Carrier Lock. "No SIM restrictions" means your iPhone is unlocked.',
    );
    expect(question()).toHaveTextContent(/Android: there is no single setting on every model/);
    for (const name of ['Yes', 'No', 'Not sure']) {
      expect(screen.getByRole('radio', { name })).not.toBeChecked();
    }
  });

  it('says plainly that a locked phone will not work, and still lets the traveller proceed', async () => {
    const { user, onProceed } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'No' }));

    expect(screen.getByText(lockedWarning)).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeVisible();
    expect(proceed).toHaveAccessibleDescription(lockedWarning);
    await user.click(proceed);
    expect(onProceed).toHaveBeenCalledWith(francePlan);
  });

  it('says nothing more for Yes, and to check first for Not sure', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByText(lockedWarning)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed' })).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('radio', { name: 'Not sure' }));
    expect(screen.getByText(/Check as shown above before you buy/)).toBeInTheDocument();
  });

  it('remembers the answer on this device, chosen the next time, even after sign-out', async () => {
    const first = renderDialog();
    await first.user.click(screen.getByRole('radio', { name: 'No' }));
    expect(window.localStorage.getItem(storageKeys.phoneUnlocked)).toBe('no');
    first.unmount();

    session.signOut();
    renderDialog();
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByText(lockedWarning)).toBeInTheDocument();
  });

  it('is asked in Arabic, right to left', async () => {
    await switchLanguage('ar');
    try {
      const { user } = renderDialog();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(screen.getByRole('group', { name: 'هل هاتفك غير مقفل؟' })).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'لا' }));
      expect(screen.getByText(/لن تعمل شريحة eSIM هذه على هاتف مقفل/)).toBeInTheDocument();
    } finally {
      await switchLanguage('en');
    }
  });
});
