import { orderPricingInDollars, priceOrderInCents } from '@tern/contract/credit';
import { promoMessages, promoQuotePaths } from '@tern/contract/promo-codes';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { signInRana } from '../../../testing/profile';
import { fill, renderInShop } from '../../../testing/render';
import { usePromoCode } from '../hooks/use-promo-code';
import { PromoCodeField } from './promo-code-field';

const quotePath = promoQuotePaths.quote.href();
const PLAN = 'esim_5GB_30D_FR_V2';
const PRICE_CENTS = 1299;

function Harness() {
  const promo = usePromoCode(PLAN, 'The code could not be checked. Please try again.');
  const discountCents = Math.round((promo.applied?.discount ?? 0) * 100);
  const pricing = promo.applied
    ? orderPricingInDollars(priceOrderInCents({ priceCents: PRICE_CENTS, discountCents }))
    : undefined;
  return (
    <>
      <PromoCodeField promo={promo} pricing={pricing} />
      <output aria-label="sent with the order">{JSON.stringify(promo.request())}</output>
    </>
  );
}

function breakdown(): Record<string, string> {
  const list = screen.getByRole('region', { name: 'Promo code' }).querySelector('dl');
  if (!list) return {};
  const terms = within(list as HTMLElement).getAllByRole('term');
  const figures = within(list as HTMLElement).getAllByRole('definition');
  return Object.fromEntries(
    terms.map((term, index) => [term.textContent ?? '', figures[index]?.textContent ?? '']),
  );
}

beforeEach(() => signInRana());

describe('a promo code at plan confirmation', () => {
  it('asks the server, shows what it takes off in the breakdown, and sends it with the order', async () => {
    const api = fakeApi();
    api.answer('POST', quotePath, { body: { code: 'SUMMER10', discount: 1.3 } });
    const { user } = renderInShop(<Harness />);
    await fill(user, screen.getByLabelText('Code'), ' summer10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SUMMER10 applied: $ 1.30 off.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.callsTo('POST', quotePath)[0]?.body).toEqual({
      pur_pla_name: PLAN,
      pur_promo_code: 'summer10',
    });
    const lines = breakdown();
    expect(lines['Promo code']).toBe('−$ 1.30');
    expect(lines['Total to pay by card']).toBe('$ 11.69');
    expect(screen.getByLabelText('sent with the order')).toHaveTextContent(
      '{"pur_promo_code":"SUMMER10"}',
    );

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(screen.getByLabelText('Code')).toHaveValue('');
    expect(screen.getByLabelText('sent with the order')).toHaveTextContent('{}');
  });

  it('says the server’s reason next to the field, and nothing is sent with the order', async () => {
    fakeApi().answer('POST', quotePath, { status: 400, body: { message: promoMessages.expired } });
    const { user } = renderInShop(<Harness />);
    await fill(user, screen.getByLabelText('Code'), 'OLDCODE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(promoMessages.expired);
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      expect.stringContaining(promoMessages.expired),
    );
    expect(screen.getByLabelText('sent with the order')).toHaveTextContent('{}');
    // Typing again clears the reason.
    await fill(user, screen.getByLabelText('Code'), 'X');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
