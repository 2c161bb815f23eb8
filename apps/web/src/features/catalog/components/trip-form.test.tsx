import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerCatalog } from '../../../testing/catalog';
import { fakeApi } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import { TripForm } from './trip-form';

const nameOf = (iso: string) => ({ FR: 'France', IT: 'Italy', TR: 'Turkey' })[iso] ?? iso;

function renderForm(trip?: { countries: string[]; days: number; dataGb?: number }) {
  answerCatalog(fakeApi());
  const onPlan = vi.fn();
  const view = renderInShop(<TripForm trip={trip} nameOf={nameOf} onPlan={onPlan} />);
  return { ...view, onPlan };
}

const chosen = () => screen.queryByRole('list', { name: 'Countries you will visit' });

describe('the trip form', () => {
  it('plans a trip of the countries added, its days and the data it needs', async () => {
    const { user, onPlan } = renderForm();

    await user.type(screen.getByRole('searchbox', { name: 'Add a country' }), 'fran');
    await user.click(await screen.findByRole('button', { name: 'Add France' }));
    await user.type(screen.getByRole('searchbox', { name: 'Add a country' }), 'ital{Enter}');
    await user.type(screen.getByRole('spinbutton', { name: 'Days' }), '10');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Data you need (optional)' }),
      'At least 5 GB',
    );
    await user.click(screen.getByRole('button', { name: 'Find plans' }));

    expect(onPlan).toHaveBeenCalledWith({ countries: ['FR', 'IT'], days: 10, dataGb: 5 });
    expect(screen.getByRole('status')).toHaveTextContent('Italy added');
  });

  it('tells what is missing by the fields, and plans nothing', async () => {
    const { user, onPlan } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Find plans' }));

    const search = screen.getByRole('searchbox', { name: 'Add a country' });
    expect(search).toBeInvalid();
    expect(search).toHaveAccessibleDescription('Add at least one country.');
    expect(screen.getByRole('spinbutton', { name: 'Days' })).toBeInvalid();
    expect(
      screen.getByRole('group', { name: 'How long is your trip?' }),
    ).toHaveAccessibleDescription('Enter a number of days from 1 to 365.');
    expect(onPlan).not.toHaveBeenCalled();

    await user.type(search, 'japan{Enter}');
    expect(search).toBeValid();
    expect(screen.queryByText('Add at least one country.')).not.toBeInTheDocument();
  });

  it("counts a trip's days from its first and last day", async () => {
    const { user, onPlan } = renderForm({ countries: ['TR'], days: 3 });

    await user.click(screen.getByRole('button', { name: 'Dates' }));
    await user.type(screen.getByLabelText('First day'), '2026-06-01');
    await user.type(screen.getByLabelText('Last day'), '2026-06-10');
    expect(screen.getByText('10 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Find plans' }));

    expect(onPlan).toHaveBeenCalledWith({ countries: ['TR'], days: 10 });
  });

  it('shows a last day before the first as wrong, under both dates', async () => {
    const { user, onPlan } = renderForm({ countries: ['TR'], days: 3 });

    await user.click(screen.getByRole('button', { name: 'Dates' }));
    await user.type(screen.getByLabelText('First day'), '2026-06-10');
    await user.type(screen.getByLabelText('Last day'), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Find plans' }));

    expect(screen.getByLabelText('First day')).toBeInvalid();
    expect(screen.getByLabelText('Last day')).toBeInvalid();
    expect(onPlan).not.toHaveBeenCalled();
  });

  it("starts from the address's trip, and a country can be taken out again", async () => {
    const { user, onPlan } = renderForm({ countries: ['FR', 'IT'], days: 7, dataGb: 7 });

    expect(within(chosen() as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('spinbutton', { name: 'Days' })).toHaveValue(7);
    expect(screen.getByRole('combobox', { name: 'Data you need (optional)' })).toHaveDisplayValue(
      'At least 7 GB',
    );
    await user.click(screen.getByRole('button', { name: 'Remove France' }));
    await user.click(screen.getByRole('button', { name: 'Find plans' }));

    expect(onPlan).toHaveBeenCalledWith({ countries: ['IT'], days: 7, dataGb: 7 });
  });
});
