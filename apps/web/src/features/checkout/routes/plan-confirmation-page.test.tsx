import { lookalikesApiPath } from '@tern/contract/lookalikes';
import { orderApiPaths } from '@tern/contract/orders';
import { paths } from '@tern/contract/routes';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session-store';
import { francePlan } from '../../../testing/catalog';
import { fakeApi } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import { PlanConfirmationPage } from './plan-confirmation-page';

const createSessionPath = orderApiPaths.createSession.href();
const franceUrl =
  '#/plan-details?purchase_type=Regular&planType=Countries&data=%7B%22cou_iso%22%3A%22FR%22%2C%22cou_name%22%3A%22France%22%7D';

function signedInWith(mobile: string) {
  session.signIn({
    token: 'token-1',
    email: 'camille@example.com',
    name: 'Camille Martin',
    mobile,
  });
  session.savePendingPlan(francePlan, franceUrl);
}

function answerShop() {
  const api = fakeApi();
  api.answer('GET', lookalikesApiPath.href('FR'), { body: [] });
  // Refused, so the test stays on the page: what matters is what was asked.
  api.answer('POST', createSessionPath, { status: 502, body: { message: 'Stop here' } });
  return api;
}

describe('plan confirmation for the buyer’s own country', () => {
  it('holds the payment until the buyer confirms, then tells the server they did', async () => {
    signedInWith('+33612345678');
    const api = answerShop();
    const { user } = renderInShop(<PlanConfirmationPage />, { path: paths.planConfirmation });

    expect(screen.getByRole('region', { name: 'This plan is for your own country' })).toBeVisible();
    const proceed = screen.getByRole('button', { name: 'Proceed to Secure Payment' });
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription(
      'Confirm the plan for your own country above to continue.',
    );
    await user.click(proceed);
    expect(api.callsTo('POST', createSessionPath)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Yes, I want a plan for France' }));
    expect(proceed).toBeEnabled();
    await user.click(proceed);
    await vi.waitFor(() => expect(api.callsTo('POST', createSessionPath)).toHaveLength(1));
    expect(api.callsTo('POST', createSessionPath)[0]?.body).toMatchObject({
      pur_pla_name: francePlan.pla_name,
      pur_home_country_confirmed: true,
    });
  });

  it('asks nothing of a buyer from another country, and sends no confirmation', async () => {
    signedInWith('+96171123456');
    const api = answerShop();
    const { user } = renderInShop(<PlanConfirmationPage />, { path: paths.planConfirmation });

    // The only box is the card-on-file consent (issue 32), unticked: no home-country question.
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(
      screen.getByRole('checkbox', { name: 'Save this card for one-tap top-ups' }),
    ).not.toBeChecked();
    expect(
      screen.queryByRole('region', { name: 'This plan is for your own country' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'When the plan starts and ends' })).toHaveTextContent(
      'first connects to a network in France, and ends 7 days later',
    );
    await user.click(screen.getByRole('button', { name: 'Proceed to Secure Payment' }));
    await vi.waitFor(() => expect(api.callsTo('POST', createSessionPath)).toHaveLength(1));
    expect(api.callsTo('POST', createSessionPath)[0]?.body).not.toHaveProperty(
      'pur_home_country_confirmed',
    );
    // Unticked, the card-on-file consent is not sent.
    expect(api.callsTo('POST', createSessionPath)[0]?.body).not.toHaveProperty('pur_save_card');
  });

  it('sends the card-on-file consent only once the buyer ticks it (issue 32)', async () => {
    signedInWith('+96171123456');
    const api = answerShop();
    const { user } = renderInShop(<PlanConfirmationPage />, { path: paths.planConfirmation });
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for one-tap top-ups' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Secure Payment' }));
    await vi.waitFor(() => expect(api.callsTo('POST', createSessionPath)).toHaveLength(1));
    expect(api.callsTo('POST', createSessionPath)[0]?.body).toMatchObject({ pur_save_card: true });
  });

  it('takes the browser’s region when the account has no mobile number', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'fr']);
    signedInWith('');
    answerShop();
    renderInShop(<PlanConfirmationPage />, { path: paths.planConfirmation });
    expect(
      screen.getByRole('region', { name: 'This plan is for your own country' }),
    ).toHaveTextContent('Your browser says you are in France');
    vi.restoreAllMocks();
  });
});
