import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, renderInShop } from '../../../testing/render';
import { type GiftRequestFields, useGiftFields } from '../hooks/use-gift-fields';
import { GiftFields } from './gift-fields';

const OWN_EMAIL = 'rana@example.com';

/** The fields as the plan confirmation page holds them, with its pay button. */
function Harness({ onPay }: { onPay: (fields: GiftRequestFields | null) => void }) {
  const gift = useGiftFields(OWN_EMAIL);
  return (
    <>
      <GiftFields gift={gift} />
      <button type="button" onClick={() => onPay(gift.giftRequest())}>
        Pay
      </button>
    </>
  );
}

function renderFields() {
  const paid: (GiftRequestFields | null)[] = [];
  const view = renderInShop(<Harness onPay={(fields) => paid.push(fields)} />);
  return { ...view, paid };
}

describe('the gift fields', () => {
  it('stay hidden until "This is a gift" is switched on, and send nothing then', async () => {
    const { user, paid } = renderFields();
    const toggle = screen.getByRole('switch', { name: 'This is a gift' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByLabelText('Their e-mail address')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(paid).toEqual([{}]);

    await user.click(toggle);
    expect(screen.getByLabelText('Their e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message (optional)')).toBeInTheDocument();
  });

  it('send the recipient and the trimmed message', async () => {
    const { user, paid } = renderFields();
    await user.click(screen.getByRole('switch', { name: 'This is a gift' }));
    await fill(user, screen.getByLabelText('Their e-mail address'), ' sami@example.com ');
    await fill(user, screen.getByLabelText('Your message (optional)'), '  Bon voyage!  ');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(paid).toEqual([{ pur_gift_email: 'sami@example.com', pur_gift_message: 'Bon voyage!' }]);
  });

  it('show a missing address in place, tied to its field, and focus it', async () => {
    const { user, paid } = renderFields();
    await user.click(screen.getByRole('switch', { name: 'This is a gift' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(paid).toEqual([null]);
    const email = screen.getByLabelText('Their e-mail address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the e-mail address of the person'),
    );
    expect(email).toHaveFocus();
  });

  it('refuse the buyer’s own address, whatever its case', async () => {
    const { user, paid } = renderFields();
    await user.click(screen.getByRole('switch', { name: 'This is a gift' }));
    await fill(user, screen.getByLabelText('Their e-mail address'), 'Rana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(paid).toEqual([null]);
    expect(screen.getByText(/This is your own e-mail address/)).toBeInTheDocument();
  });

  it('refuse a message over 300 characters, on the message', async () => {
    const { user, paid } = renderFields();
    await user.click(screen.getByRole('switch', { name: 'This is a gift' }));
    await fill(user, screen.getByLabelText('Their e-mail address'), 'sami@example.com');
    const message = screen.getByLabelText('Your message (optional)');
    await fill(user, message, 'x'.repeat(301));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(paid).toEqual([null]);
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(expect.stringContaining('at most 300 characters'));
    expect(message).toHaveFocus();
  });
});
