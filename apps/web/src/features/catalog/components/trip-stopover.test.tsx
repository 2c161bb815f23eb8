import type { Plan } from '@tern/contract/catalog';
import type { TripOption } from '@tern/contract/trip';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { francePlan } from '../../../testing/catalog';
import { renderInShop } from '../../../testing/render';
import { TripOptionCard } from './trip-option-card';
import { TripStopoverField } from './trip-stopover-field';

const names: Record<string, string> = { TR: 'Turkey', AE: 'United Arab Emirates', QA: 'Qatar' };
const nameOf = (iso: string) => names[iso] ?? iso;

const middleEastPlan: Plan = {
  ...francePlan,
  pla_id: 21,
  pla_duration: 10,
  pla_title: '3 GB · 10 days',
  plc_iso: 'Middle East',
  plc_name: 'Middle East',
  plc_region: 'Middle East',
  coverage: 12,
};
const option: TripOption = {
  plans: [{ plan: middleEastPlan, countries: ['TR', 'AE'], shared: true }],
  total_price: middleEastPlan.pla_price,
  days: 10,
  data_mb: 3000,
  unlimited_countries: [],
};

const warning =
  /also works in Qatar, your stop-over: if your phone connects there, its 10 days start at the stop-over/;

describe('a stop-over on a trip (issue 31)', () => {
  it('is warned of on a suggested regional plan that covers it', () => {
    renderInShop(
      <TripOptionCard
        option={option}
        index={1}
        nameOf={nameOf}
        onBuy={() => {}}
        stopover="QA"
        startsAtStopover={(plan) => plan.plc_name === 'Middle East'}
      />,
    );
    expect(screen.getByRole('article')).toHaveTextContent(warning);
  });

  it('says nothing of a plan that does not cover it, or without a stop-over', () => {
    const { rerender } = renderInShop(
      <TripOptionCard
        option={option}
        index={1}
        nameOf={nameOf}
        onBuy={() => {}}
        stopover="QA"
        startsAtStopover={() => false}
      />,
    );
    expect(screen.getByRole('article')).not.toHaveTextContent(/stop-over/);
    rerender(<TripOptionCard option={option} index={1} nameOf={nameOf} onBuy={() => {}} />);
    expect(screen.getByRole('article')).not.toHaveTextContent(/stop-over/);
  });

  it('is chosen in an optional field of every country, by name', async () => {
    const onChange = vi.fn();
    const { user } = renderInShop(
      <TripStopoverField
        value={undefined}
        countries={['TR', 'QA', 'AE']}
        nameOf={nameOf}
        onChange={onChange}
      />,
    );
    const field = screen.getByRole('combobox', { name: 'Stop-over on the way (optional)' });
    expect(field).toHaveAccessibleDescription(/A plan that works there can start its clock/);
    expect(screen.getAllByRole('option').map((entry) => entry.textContent)).toEqual([
      'No stop-over',
      'Qatar',
      'Turkey',
      'United Arab Emirates',
    ]);
    await user.selectOptions(field, 'Qatar');
    expect(onChange).toHaveBeenLastCalledWith('QA');
  });
});
