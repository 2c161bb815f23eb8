import { opsCataloguePaths } from '@tern/contract/ops-customers';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { fill } from '../../../testing/render';
import { operatorSession } from '../ops-session';
import { renderConsole, signInAs } from '../testing/render-console';

const overview = {
  syncs: [
    {
      kind: 'sync',
      startedAt: '2026-11-28T03:00:00.000Z',
      finishedAt: '2026-11-28T03:00:12.340Z',
      durationMs: 12_340,
      added: 3,
      removed: 1,
      priceChanged: 7,
      updated: 9,
      unchanged: 480,
      by: 'lead@tern.test',
    },
    {
      kind: 'sync',
      startedAt: null,
      finishedAt: '2026-11-27T03:00:00.000Z',
      durationMs: null,
      added: 0,
      removed: 0,
      priceChanged: 0,
      updated: 0,
      unchanged: 490,
      by: null,
    },
  ],
  syncRunning: false,
  markup: {
    percent: 35,
    rounding: 'ninety-nine',
    source: 'configuration',
    savedAt: null,
    savedBy: null,
  },
  plansOnSale: 490,
};
const preview = {
  markup: { percent: 50, rounding: 'cent' },
  currency: 'USD',
  plans: [
    {
      plan: 'France 5 GB, 30 days',
      destination: 'France',
      providerCost: 10,
      priceNow: 13.99,
      priceWithMarkup: 15,
    },
  ],
};

afterEach(() => operatorSession.end());

/** Types a new markup into the form: percent, then rounding. */
async function chooseMarkup(user: ReturnType<typeof renderConsole>['user'], percent: string) {
  const field = await screen.findByLabelText('Markup (%)');
  await user.clear(field);
  await fill(user, field, percent);
  await user.selectOptions(screen.getByLabelText('Rounding'), 'cent');
}

describe('the catalogue in the console', () => {
  it('shows the last syncs, whether one runs, and the markup in force', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsCataloguePaths.catalogue.href(), { body: overview });
    renderConsole('/ops/catalogue');
    const syncs = await screen.findByRole('region', { name: 'Last syncs' });
    const [, first, second] = within(syncs).getAllByRole('row');
    expect(first).toHaveTextContent('12.3 sec');
    expect(first).toHaveTextContent('lead@tern.test');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['3', '1', '7']));
    expect(second).toHaveTextContent('the shop');
    expect(screen.getByText(/No sync is running\. 490 plans on sale/)).toBeVisible();
    expect(screen.getByText('35% over the provider’s price, up to the next x.99')).toBeVisible();
  });

  it('lets a viewer preview prices but neither save nor sync', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsCataloguePaths.catalogue.href(), { body: overview });
    api.answer('POST', opsCataloguePaths.markupPreview.href(), { body: preview });
    const { user } = renderConsole('/ops/catalogue');
    await chooseMarkup(user, '50');
    await user.click(screen.getByRole('button', { name: 'Preview prices' }));
    const table = await screen.findByRole('region', {
      name: 'Prices with 50% markup, up to the whole cent',
    });
    const [, line] = within(table).getAllByRole('row');
    expect(
      within(line as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['France 5 GB, 30 days', 'France', '$10.00', '$13.99', '$15.00']);
    expect(api.callsTo('POST', opsCataloguePaths.markupPreview.href())[0]?.body).toEqual({
      percent: 50,
      rounding: 'cent',
    });
    expect(screen.queryByRole('button', { name: 'Save markup' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('saves the markup once the operator confirms, and tells a refusal inside the dialog', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', opsCataloguePaths.catalogue.href(), { body: overview });
    api.answer(
      'PUT',
      opsCataloguePaths.markup.href(),
      { status: 400, body: { message: 'The markup could not be saved: percent is too high.' } },
      {
        body: {
          ...overview,
          markup: {
            percent: 50,
            rounding: 'cent',
            source: 'saved',
            savedAt: '2026-11-28T09:00:00.000Z',
            savedBy: 'lead@tern.test',
          },
        },
      },
    );
    const { user } = renderConsole('/ops/catalogue');
    await chooseMarkup(user, '50');
    await user.click(screen.getByRole('button', { name: 'Save markup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('Save a markup of 50%, up to the whole cent?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The markup could not be saved: percent is too high.',
    );
    expect(screen.getByText('35% over the provider’s price, up to the next x.99')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(
      await screen.findByText('Saved. The prices on sale follow the new markup.'),
    ).toBeVisible();
    expect(screen.getByText('50% over the provider’s price, up to the whole cent')).toBeVisible();
    expect(screen.getByText(/Saved by .*lead@tern\.test/)).toBeVisible();
    expect(api.callsTo('PUT', opsCataloguePaths.markup.href()).map((c) => c.body)).toEqual([
      { percent: 50, rounding: 'cent' },
      { percent: 50, rounding: 'cent' },
    ]);
  });

  it('refuses a markup out of bounds before asking the server', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', opsCataloguePaths.catalogue.href(), { body: overview });
    const { user } = renderConsole('/ops/catalogue');
    await chooseMarkup(user, '301');
    await user.click(screen.getByRole('button', { name: 'Preview prices' }));
    await user.click(screen.getByRole('button', { name: 'Save markup' }));
    expect(
      screen.getByText('Enter a number from 0 to 300, with at most two decimals.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('syncs now once the operator confirms, and tells a sync already running', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', opsCataloguePaths.catalogue.href(), { body: overview });
    api.answer(
      'POST',
      opsCataloguePaths.sync.href(),
      { status: 409, body: { message: 'A catalogue sync is running already.' } },
      { body: { ...overview, plansOnSale: 492 } },
    );
    const { user } = renderConsole('/ops/catalogue');
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A catalogue sync is running already.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(await screen.findByText('Done. The catalogue is up to date.')).toBeVisible();
    expect(screen.getByText(/492 plans on sale/)).toBeVisible();
    expect(api.callsTo('POST', opsCataloguePaths.sync.href())).toHaveLength(2);
  });
});
