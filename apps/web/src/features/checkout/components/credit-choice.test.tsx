import { creditApiPaths } from '@tern/contract/credit';
import { breakdownInCents } from '@tern/contract/pricing';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { signInRana } from '../../../testing/profile';
import { queriesSettled, renderInShop } from '../../../testing/render';
import { CreditChoice } from './credit-choice';

const creditPath = creditApiPaths.credit.href();
const withBalance = (balance: number) => ({
  body: { balance, currency: 'USD', entries: [] },
});

function Harness({ price, initial = false }: { price: number; initial?: boolean }) {
  const [checked, setChecked] = useState(initial);
  return (
    <>
      <CreditChoice
        email="rana@example.com"
        price={price}
        checked={checked}
        onCheckedChange={setChecked}
      />
      <output aria-label="asks for credit">{String(checked)}</output>
    </>
  );
}

/** The breakdown as a person reads it: each term with its figure. */
function breakdown(): Record<string, string> {
  const list = screen.getByRole('region', { name: 'Store credit' }).querySelector('dl');
  if (!list) return {};
  const terms = within(list as HTMLElement).getAllByRole('term');
  const figures = within(list as HTMLElement).getAllByRole('definition');
  return Object.fromEntries(
    terms.map((term, index) => [term.textContent ?? '', figures[index]?.textContent ?? '']),
  );
}

describe('Use my credit at plan confirmation', () => {
  beforeEach(signInRana);

  it('shows nothing when the buyer has no credit', async () => {
    const api = fakeApi();
    api.answer('GET', creditPath, withBalance(0));
    const { container, queryClient } = renderInShop(<Harness price={9.99} />);
    await screen.findByLabelText('asks for credit');
    await queriesSettled(queryClient);
    expect(api.callsTo('GET', creditPath)).toHaveLength(1);
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers the balance, unticked, and shows what the card pays once ticked', async () => {
    const api = fakeApi();
    api.answer('GET', creditPath, withBalance(3));
    const { user } = renderInShop(<Harness price={9.99} />);

    const box = await screen.findByRole('checkbox', { name: 'Use my credit' });
    expect(box).not.toBeChecked();
    expect(screen.getByText('You have $ 3.00 of store credit. It never expires.')).toBeVisible();
    expect(screen.queryByText('Total to pay by card')).not.toBeInTheDocument();

    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.getByLabelText('asks for credit')).toHaveTextContent('true');
    const split = breakdownInCents(699);
    expect(breakdown()).toEqual({
      'Plan price': '$ 9.99',
      'Store credit': '−$ 3.00',
      'VAT (11%) on what the card pays': `$ ${(split.vat / 100).toFixed(2)}`,
      Stamps: `$ ${(split.stamps / 100).toFixed(2)}`,
      'Total to pay by card': '$ 6.99',
    });
    expect(screen.queryByText(/stamps fee/)).not.toBeInTheDocument();

    await user.click(box);
    expect(screen.getByLabelText('asks for credit')).toHaveTextContent('false');
    expect(screen.queryByText('Total to pay by card')).not.toBeInTheDocument();
  });

  it('stops asking for credit once the balance is found spent', async () => {
    const api = fakeApi();
    api.answer('GET', creditPath, withBalance(3), withBalance(0));
    const { user, queryClient } = renderInShop(<Harness price={9.99} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Use my credit' }));
    expect(screen.getByLabelText('asks for credit')).toHaveTextContent('true');

    await queryClient.invalidateQueries({ queryKey: ['credit'] });
    await waitFor(() =>
      expect(screen.getByLabelText('asks for credit')).toHaveTextContent('false'),
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('leaves the card the stamps fee when the credit is more than the price, and says so', async () => {
    const api = fakeApi();
    api.answer('GET', creditPath, withBalance(50));
    renderInShop(<Harness price={4.99} initial />);

    await screen.findByRole('checkbox', { name: 'Use my credit' });
    expect(breakdown()).toEqual({
      'Plan price': '$ 4.99',
      'Store credit': '−$ 4.77',
      'VAT (11%) on what the card pays': '$ 0.00',
      Stamps: '$ 0.22',
      'Total to pay by card': '$ 0.22',
    });
    expect(
      screen.getByText(
        'The card always pays at least the $ 0.22 stamps fee; the rest of your credit stays yours.',
      ),
    ).toBeVisible();
  });
});
