import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { francePlan } from '../../../testing/catalog';
import { renderInShop } from '../../../testing/render';
import { PlanCard } from './plan-card';

const europePlan = { ...francePlan, pla_id: 12, plc_name: 'Europe+', plc_iso: 'EU', coverage: 41 };

function renderCard(plan = francePlan) {
  const onBuy = vi.fn();
  const onViewCoverage = vi.fn();
  const view = renderInShop(<PlanCard plan={plan} onBuy={onBuy} onViewCoverage={onViewCoverage} />);
  return { ...view, onBuy, onViewCoverage };
}

describe('the plan card', () => {
  it('names the plan, its price and what it tells before buying', () => {
    renderCard();

    const card = screen.getByRole('article', { name: '1 GB · 7 days' });
    expect(within(card).getByText('$ 4.99')).toBeInTheDocument();
    const facts = within(card).getByRole('list', { name: 'About this plan' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('Networks in France: Orange (5G)');
  });

  it('buys the plan it shows, and a screen reader hears which one', async () => {
    const { user, onBuy } = renderCard();

    const buy = screen.getByRole('button', { name: 'Buy Now' });
    expect(buy).toHaveAccessibleDescription(/^1 GB · 7 days Price:\s*\$ 4\.99$/);
    await user.click(buy);

    expect(onBuy).toHaveBeenCalledWith(francePlan);
  });

  it("offers a regional plan's countries, and only a regional plan's", async () => {
    const { user, onViewCoverage, unmount } = renderCard(europePlan);

    await user.click(screen.getByRole('button', { name: 'View Regions' }));
    expect(onViewCoverage).toHaveBeenCalledWith(europePlan);
    unmount();

    renderCard(francePlan);
    expect(screen.queryByRole('button', { name: 'View Regions' })).not.toBeInTheDocument();
  });
});
