import type { Plan } from '@tern/contract/catalog';
import { lookalikesApiPath } from '@tern/contract/lookalikes';
import { parsePlanDetailsQuery } from '@tern/contract/plan-details';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { francePlan } from '../../../testing/catalog';
import { fakeApi } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import { DestinationCheck, HomeCountryCheck, PlanClock } from './destination-checks';

const austriaPlan: Plan = {
  ...francePlan,
  pla_name: 'esim_1GB_7D_AT_V2',
  plg_name: 'Austria',
  plc_iso: 'AT',
  plc_name: 'Austria',
  plc_region: 'Europe+',
};
const europePlan: Plan = {
  ...francePlan,
  pla_duration: 15,
  plc_iso: 'Europe+',
  plc_name: 'Europe+',
  plc_region: 'Europe+',
  coverage: 40,
};

afterEach(async () => switchLanguage('en'));

/** A paragraph by its whole text, names in <bdi> included. */
const paragraph = (text: string | RegExp) => (_: string, element: Element | null) =>
  element?.tagName === 'P' &&
  (typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? ''));

describe('the destination check', () => {
  it('names the country with its flag and region, and offers its look-alike with a switch to its plans', async () => {
    const api = fakeApi();
    api.answer('GET', lookalikesApiPath.href('AT'), { body: ['AU'] });
    renderInShop(<DestinationCheck plan={austriaPlan} purchase={{ type: 'Regular' }} />);

    const check = screen.getByRole('region', { name: 'Where this plan works' });
    expect(check).toHaveTextContent('Austria · Europe+');
    expect(check.querySelector('img')).toHaveAttribute('src', '/flags/at.svg');
    expect(await screen.findByText(paragraph('Travelling to Australia instead?'))).toBeVisible();
    expect(screen.getByText(paragraph(/This plan works in Austria only/))).toBeVisible();
    const link = screen.getByRole('link', { name: 'See plans for Australia' });
    const [path, search] = (link.getAttribute('href') ?? '').split('?');
    expect(path).toBe('/plan-details');
    expect(parsePlanDetailsQuery(new URLSearchParams(search))).toEqual({
      purchaseType: 'Regular',
      destination: { kind: 'country', iso: 'AU', name: 'Australia' },
    });
  });

  it('keeps a top-up a top-up of the same eSIM when it switches', async () => {
    fakeApi().answer('GET', lookalikesApiPath.href('AT'), { body: ['AU'] });
    const iccid = '8944500000000000001';
    renderInShop(<DestinationCheck plan={austriaPlan} purchase={{ type: 'Topup', iccid }} />);
    const link = await screen.findByRole('link', { name: 'See plans for Australia' });
    const search = (link.getAttribute('href') ?? '').split('?')[1];
    expect(parsePlanDetailsQuery(new URLSearchParams(search))).toMatchObject({
      purchaseType: 'Topup',
      iccid,
    });
  });

  it('asks nothing when the country has no look-alike', async () => {
    const api = fakeApi();
    api.answer('GET', lookalikesApiPath.href('FR'), { body: [] });
    renderInShop(<DestinationCheck plan={francePlan} purchase={{ type: 'Regular' }} />);
    expect(screen.getByRole('region', { name: 'Where this plan works' })).toHaveTextContent(
      'France · Europe',
    );
    await vi.waitFor(() =>
      expect(api.callsTo('GET', lookalikesApiPath.href('FR'))).toHaveLength(1),
    );
    expect(screen.queryByText(/instead\?/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is not shown for a regional plan, and asks the server nothing', () => {
    const api = fakeApi();
    renderInShop(<DestinationCheck plan={europePlan} purchase={{ type: 'Regular' }} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('speaks Arabic, the names isolated', async () => {
    await switchLanguage('ar');
    fakeApi().answer('GET', lookalikesApiPath.href('AT'), { body: ['AU'] });
    renderInShop(<DestinationCheck plan={austriaPlan} purchase={{ type: 'Regular' }} />);
    expect(
      await screen.findByText(paragraph('هل تسافر إلى أستراليا بدلًا من ذلك؟')),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'عرض باقات أستراليا' });
    expect(link.querySelector('bdi')).toHaveTextContent('أستراليا');
  });
});

describe('the home-country check', () => {
  it('says the plan is for use abroad and asks to confirm, from the mobile number', async () => {
    const changes: boolean[] = [];
    const { user } = renderInShop(
      <HomeCountryCheck
        home={{ iso: 'FR', from: 'mobile' }}
        confirmed={false}
        onConfirmedChange={(value) => changes.push(value)}
      />,
    );
    const check = screen.getByRole('region', { name: 'This plan is for your own country' });
    expect(check).toHaveTextContent('Your mobile number is from France');
    await user.click(screen.getByRole('checkbox', { name: 'Yes, I want a plan for France' }));
    expect(changes).toEqual([true]);
  });

  it('names the browser when the country comes from it', () => {
    renderInShop(
      <HomeCountryCheck
        home={{ iso: 'FR', from: 'browser' }}
        confirmed
        onConfirmedChange={() => {}}
      />,
    );
    expect(screen.getByText(paragraph(/Your browser says you are in France/))).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeChecked();
  });
});

describe('when the clock starts', () => {
  it('says a country plan starts at the first connection there and ends N days later', () => {
    renderInShop(<PlanClock plan={austriaPlan} />);
    expect(screen.getByRole('region', { name: 'When the plan starts and ends' })).toHaveTextContent(
      'It starts when your phone first connects to a network in Austria, and ends 7 days later.',
    );
  });

  it('says a stop-over in a covered country starts a regional plan', () => {
    renderInShop(<PlanClock plan={europePlan} />);
    const clock = screen.getByRole('region', { name: 'When the plan starts and ends' });
    expect(clock).toHaveTextContent('any country it covers, and ends 15 days later');
    expect(clock).toHaveTextContent('A stop-over in a covered country starts it too');
  });

  it('speaks French', async () => {
    await switchLanguage('fr');
    renderInShop(<PlanClock plan={austriaPlan} />);
    expect(screen.getByRole('region')).toHaveTextContent(
      'dans ce pays : Autriche, et se termine 7 jours plus tard',
    );
  });
});
