import { catalogApiPaths } from '@tern/contract/catalog-paths';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCatalog, countries } from '../../../testing/catalog';
import { fakeApi } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import { DestinationPicker } from './destination-picker';

const countriesPath = catalogApiPaths.countries.href();

function renderPicker() {
  const api = fakeApi();
  answerCatalog(api);
  return { api, ...renderInShop(<DestinationPicker />) };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search countries' });
const caption = () => screen.getByRole('heading', { level: 2 });

describe('the destination search', () => {
  it('shows the popular destinations until something is typed', async () => {
    renderPicker();

    expect(await screen.findByRole('link', { name: /France/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Italy/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Japan/ })).not.toBeInTheDocument();
    expect(caption()).toHaveTextContent('Popular destinations');
  });

  it('finds a country by part of its name, with the regions that also cover it', async () => {
    const { user } = renderPicker();
    await screen.findByRole('link', { name: /France/ });

    await user.type(searchBox(), 'fran');

    expect(await screen.findByText('1 destination matches “fran”')).toBeInTheDocument();
    const results = screen.getByRole('list');
    expect(within(results).getByRole('link', { name: /France/ })).toBeInTheDocument();
    expect(within(results).getByText(/Also in:/)).toHaveTextContent('Europe+');
    expect(screen.queryByRole('link', { name: /Italy/ })).not.toBeInTheDocument();
  });

  it('offers the country meant for a near miss, and searches it when pressed', async () => {
    const { user } = renderPicker();
    await screen.findByRole('link', { name: /France/ });

    await user.type(searchBox(), 'japna');
    await user.click(await screen.findByRole('button', { name: 'Did you mean Japan?' }));

    expect(searchBox()).toHaveValue('Japan');
    expect(await screen.findByRole('link', { name: /Japan/ })).toBeInTheDocument();
  });

  it('names the regions that cover a country without a plan of its own', async () => {
    const { user } = renderPicker();
    await screen.findByRole('link', { name: /France/ });

    await user.type(searchBox(), 'spain');

    expect(await screen.findByText('We have no plan for Spain yet.')).toBeInTheDocument();
    expect(screen.getByText(/These regional plans cover Spain:/)).toHaveTextContent('Europe+');
  });

  it('says when the destinations could not load, and loads them again on retry', async () => {
    const api = fakeApi();
    answerCatalog(api);
    api.answer('GET', countriesPath, { status: 500 }, { body: countries });
    const { user } = renderInShop(<DestinationPicker />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the destinations.",
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: /France/ })).toBeInTheDocument();
    expect(api.callsTo('GET', countriesPath)).toHaveLength(2);
  });
});
