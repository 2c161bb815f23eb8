import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInShop } from '../../../testing/render';
import { SaveCardConsent } from './save-card-consent';

function Harness() {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <SaveCardConsent checked={checked} onCheckedChange={setChecked} />
      <output aria-label="asks to save the card">{String(checked)}</output>
    </>
  );
}

describe('Save my card at plan confirmation', () => {
  it('is unticked until the buyer ticks it, then asks to save the card', async () => {
    const { user } = renderInShop(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Save this card for one-tap top-ups' });
    expect(box).not.toBeChecked();
    expect(screen.getByLabelText('asks to save the card')).toHaveTextContent('false');
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.getByLabelText('asks to save the card')).toHaveTextContent('true');
    await user.click(box);
    expect(screen.getByLabelText('asks to save the card')).toHaveTextContent('false');
  });

  it('says what is stored, for what use, and how to remove it, tied to the box', () => {
    renderInShop(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Save this card for one-tap top-ups' });
    // The card-on-file terms are the box's description, read with it.
    const description = box.getAttribute('aria-describedby') ?? '';
    const terms = document.getElementById(description)?.textContent ?? '';
    expect(terms).toContain('gives us only a token');
    expect(terms).toContain('never store your card number');
    expect(terms).toContain('only for payments you start');
    expect(terms).toContain('automatic top-ups only if you turn them on later');
    expect(terms).toContain('remove it from your profile at any time');
  });
});
