/**
 * Paying with a saved card's gateway token at the stand-in gateway (issue 32), through the
 * shop's own gateway client: a cardholder-initiated payment (CIT) that Retrieve Order shows and
 * that can be captured; unknown tokens refused; merchant-initiated payments (MIT) refused and
 * counted without an agreement set up by a CIT, approved with one; a token made to decline;
 * and 3-D Secure for the challenge card, whose issuer's challenge the test answers as a
 * browser would, with form POSTs.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type GatewayClient,
  GatewayError,
  type PaymentAgreement,
  storedToken,
} from '../src/integrations/gateway/client';
import {
  declineToken,
  mitRequestCounts,
  resetGatewaySandbox,
  setAuthenticationRedirect,
  setReusedTransactionIds,
} from '../src/sandbox/gateway/control-client';
import { gatewaySandboxUrl } from '../src/sandbox/gateway/paths';
import { createTestApp, type TestApp } from './helpers/test-app';

let shop: TestApp;
let gateway: GatewayClient;

beforeAll(async () => {
  shop = await createTestApp();
  gateway = shop.app.gatewayClient();
});
afterAll(async () => shop?.close());
afterEach(async () => {
  await resetGatewaySandbox(shop.url);
});

const APPROVING_CARD = '5123450000000008';
const CHALLENGE_CARD = '5123456789012346';
const RETURN_URL = 'https://shop.example/payment/authenticated/R1';

const newId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

const post = (url: string | URL, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

/** A card stored the way the shop stores one: a Hosted Checkout payment with TO_BE_STORED. */
async function savedCard(cardNumber = APPROVING_CARD): Promise<string> {
  const orderId = newId('SAVE');
  const session = await gateway.initiateCheckout({
    orderId,
    amount: 5,
    currency: 'USD',
    description: 'France 1 GB, 7 days',
    returnUrl: 'https://shop.example/payment-return',
    cancelUrl: 'https://shop.example/payment-cancelled',
    operation: 'AUTHORIZE',
    merchantName: 'Tern',
    storeCard: true,
  });
  const page = `${gatewaySandboxUrl(shop.url)}/pay/${session.sessionId}`;
  const card = { action: 'pay', cardNumber, expiry: '12/49', cvc: '123', nameOnCard: 'Ada' };
  let answer = await post(page, card);
  if (cardNumber === CHALLENGE_CARD) {
    expect(answer.status).toBe(200);
    const authenticated = await post(`${page}/authenticate`, { transactionStatus: 'Y' });
    expect(authenticated.status).toBe(307);
    answer = await post(new URL(authenticated.headers.get('location') ?? '', shop.url), {});
  }
  expect(answer.status).toBe(303);
  const order = await gateway.retrieveOrder(orderId);
  const token = order && storedToken(order);
  if (!token) throw new Error('The hosted payment stored no token');
  return token;
}

function payment(
  token: string,
  extra: Partial<Parameters<GatewayClient['authorizeWithToken']>[0]> = {},
) {
  return {
    orderId: newId('TOPUP'),
    transactionId: 'pay-1',
    token,
    amount: 12.5,
    currency: 'USD',
    initiator: 'cardholder' as const,
    ...extra,
  };
}

async function refusal(call: Promise<unknown>): Promise<GatewayError> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(GatewayError);
  const gatewayError = error as GatewayError;
  expect(gatewayError.status).toBe(400);
  expect(gatewayError.gatewayCause).toBe('INVALID_REQUEST');
  return gatewayError;
}

/** A raw PUT, for a request the shop's client would never build. */
async function putTransaction(orderId: string, transactionId: string, body: unknown) {
  const { merchantId, password } = shop.config.gateway;
  return fetch(
    `${gatewaySandboxUrl(shop.url)}/api/rest/version/100/merchant/${merchantId}/order/${orderId}/transaction/${transactionId}`,
    {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`merchant.${merchantId}:${password}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
    },
  );
}

describe('a cardholder-initiated payment with a token', () => {
  it('is approved, shown in Retrieve Order with the card, and can be captured', async () => {
    const token = await savedCard();
    const input = payment(token);
    const answer = await gateway.authorizeWithToken(input);
    expect(answer.result).toBe('SUCCESS');
    expect(answer.order.status).toBe('AUTHORIZED');

    const order = await gateway.retrieveOrder(input.orderId);
    expect(order?.totalAuthorizedAmount).toBe(12.5);
    expect(order?.transaction).toEqual([
      expect.objectContaining({
        result: 'SUCCESS',
        transaction: expect.objectContaining({ id: 'pay-1', type: 'AUTHORIZATION', amount: 12.5 }),
        sourceOfFunds: expect.objectContaining({
          token,
          provided: { card: { brand: 'MASTERCARD', number: 'xxxxxxxxxxxx0008' } },
        }),
      }),
    ]);

    const captured = await gateway.capture(input.orderId, 'capture-1', 12.5, 'USD');
    expect(captured.result).toBe('SUCCESS');
    expect((await gateway.retrieveOrder(input.orderId))?.status).toBe('CAPTURED');
  });

  it('refuses a token the repository never held, and one deleted', async () => {
    const unknown = await refusal(gateway.authorizeWithToken(payment('9999000011112222')));
    expect(unknown.field).toBe('sourceOfFunds.token');

    const token = await savedCard();
    expect(await gateway.deleteToken(token)).toBe('deleted');
    const deleted = await refusal(gateway.authorizeWithToken(payment(token)));
    expect(deleted.field).toBe('sourceOfFunds.token');
  });

  it('declines from the moment the control makes the card decline', async () => {
    const token = await savedCard();
    expect((await gateway.authorizeWithToken(payment(token))).result).toBe('SUCCESS');
    await declineToken(shop.url, token);
    const input = payment(token);
    const answer = await gateway.authorizeWithToken(input);
    expect(answer.result).toBe('FAILURE');
    expect(answer.response?.gatewayCode).toBe('DECLINED');
    expect((await gateway.retrieveOrder(input.orderId))?.status).toBe('FAILED');
  });
});

describe('merchant-initiated payments', () => {
  const agreement = (): PaymentAgreement => ({ id: newId('auto-topup'), type: 'UNSCHEDULED' });

  it('refuses and counts an MIT without agreement.id', async () => {
    const token = await savedCard();
    const before = await mitRequestCounts(shop.url);
    const response = await putTransaction(newId('AUTO'), 'pay-1', {
      apiOperation: 'AUTHORIZE',
      order: { amount: '12.50', currency: 'USD' },
      sourceOfFunds: { type: 'CARD', token, provided: { card: { storedOnFile: 'STORED' } } },
      transaction: { source: 'MERCHANT' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      result: 'ERROR',
      error: { cause: 'INVALID_REQUEST', field: 'agreement.id' },
    });
    const after = await mitRequestCounts(shop.url);
    expect(after.refusedWithoutAgreement).toBe(before.refusedWithoutAgreement + 1);
    expect(after.accepted).toBe(before.accepted);
  });

  it('counts an MIT refused for the shape of its body, before any check of the card', async () => {
    const before = await mitRequestCounts(shop.url);
    const response = await putTransaction(newId('AUTO'), 'pay-1', {
      apiOperation: 'AUTHORIZE',
      order: { amount: '12.50', currency: 'USD' },
      sourceOfFunds: { type: 'CARD', token: '9999000011112222' },
      transaction: { source: 'MERCHANT' },
      agreement: { id: '', type: 'UNSCHEDULED' },
    });
    expect(response.status).toBe(400);
    const after = await mitRequestCounts(shop.url);
    expect(after.refusedWithoutAgreement).toBe(before.refusedWithoutAgreement + 1);
    expect(after.refused).toBe(before.refused + 1);
  });

  it('refuses and counts an MIT under an agreement never set up, or set up with another card', async () => {
    const token = await savedCard();
    const before = await mitRequestCounts(shop.url);
    const never = await refusal(
      gateway.authorizeWithToken(payment(token, { initiator: 'merchant', agreement: agreement() })),
    );
    expect(never.field).toBe('agreement.id');

    const other = await savedCard();
    const theirs = agreement();
    const verified = await gateway.verifyWithToken({
      orderId: newId('OPTIN'),
      transactionId: 'verify-1',
      token: other,
      currency: 'USD',
      agreement: theirs,
    });
    expect(verified.result).toBe('SUCCESS');
    const borrowed = await refusal(
      gateway.authorizeWithToken(payment(token, { initiator: 'merchant', agreement: theirs })),
    );
    expect(borrowed.field).toBe('agreement.id');
    const after = await mitRequestCounts(shop.url);
    expect(after.refusedWithoutAgreement).toBe(before.refusedWithoutAgreement + 2);
    expect(after.accepted).toBe(before.accepted);
  });

  it('approves an MIT under the agreement a VERIFY set up, without moving money at the VERIFY', async () => {
    const token = await savedCard();
    const mine = agreement();
    const optIn = { orderId: newId('OPTIN'), transactionId: 'verify-1', token, currency: 'USD' };
    const verified = await gateway.verifyWithToken({ ...optIn, agreement: mine });
    expect(verified.result).toBe('SUCCESS');
    expect(verified.transaction.type).toBe('VERIFICATION');
    const optInOrder = await gateway.retrieveOrder(optIn.orderId);
    expect(optInOrder?.totalAuthorizedAmount).toBe(0);

    const before = await mitRequestCounts(shop.url);
    const input = payment(token, { initiator: 'merchant', agreement: mine });
    const answer = await gateway.authorizeWithToken(input);
    expect(answer.result).toBe('SUCCESS');
    expect((await gateway.capture(input.orderId, 'capture-1', 12.5, 'USD')).result).toBe('SUCCESS');
    const after = await mitRequestCounts(shop.url);
    expect(after.accepted).toBe(before.accepted + 1);
    expect(after.refusedWithoutAgreement).toBe(before.refusedWithoutAgreement);
  });

  it('refuses a token payment without STORED, and an MIT without agreement.type or with a payer authentication', async () => {
    const token = await savedCard();
    const mine = agreement();
    await gateway.verifyWithToken({
      orderId: newId('OPTIN'),
      transactionId: 'verify-1',
      token,
      currency: 'USD',
      agreement: mine,
    });
    const body = (changes: Record<string, unknown>) => ({
      apiOperation: 'AUTHORIZE',
      order: { amount: '12.50', currency: 'USD' },
      sourceOfFunds: { type: 'CARD', token, provided: { card: { storedOnFile: 'STORED' } } },
      transaction: { source: 'MERCHANT' },
      agreement: mine,
      ...changes,
    });
    const refusedField = async (changes: Record<string, unknown>) => {
      const answer = await putTransaction(newId('TOPUP'), 'pay-1', body(changes));
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { error: { field?: string } }).error.field;
    };
    expect(
      await refusedField({
        sourceOfFunds: { type: 'CARD', token },
        transaction: { source: 'INTERNET' },
        agreement: undefined,
      }),
    ).toBe('sourceOfFunds.provided.card.storedOnFile');
    expect(await refusedField({ agreement: { id: mine.id } })).toBe('agreement.type');
    expect(await refusedField({ authentication: { transactionId: 'auth-1' } })).toBe(
      'authentication.transactionId',
    );
    // The well-formed MIT goes through, and a replay of it is not counted a second time.
    await setReusedTransactionIds(shop.url, 'replay');
    const before = await mitRequestCounts(shop.url);
    const orderId = newId('TOPUP');
    expect((await putTransaction(orderId, 'pay-1', body({}))).status).toBe(200);
    expect((await putTransaction(orderId, 'pay-1', body({}))).status).toBe(200);
    expect((await mitRequestCounts(shop.url)).accepted).toBe(before.accepted + 1);
  });

  it('lets a declined CIT set up no agreement', async () => {
    const token = await savedCard();
    await declineToken(shop.url, token);
    const mine = agreement();
    const verified = await gateway.verifyWithToken({
      orderId: newId('OPTIN'),
      transactionId: 'verify-1',
      token,
      currency: 'USD',
      agreement: mine,
    });
    expect(verified.result).toBe('FAILURE');
    const refused = await refusal(
      gateway.authorizeWithToken(payment(token, { initiator: 'merchant', agreement: mine })),
    );
    expect(refused.field).toBe('agreement.id');
  });
});

describe('3-D Secure with a token', () => {
  /** Follows the redirect html and the challenge page as the payer's browser would. */
  async function answerChallenge(redirectHtml: string, transactionStatus: 'Y' | 'N') {
    const action = /<form[^>]*action="([^"]+)"/.exec(redirectHtml)?.[1];
    expect(action).toBeDefined();
    const challenge = await post(new URL(action ?? '', shop.url), {});
    expect(challenge.status).toBe(200);
    const page = await challenge.text();
    expect(page).toContain('Confirm it is you');
    const complete = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] ?? '';
    const done = await post(new URL(complete, shop.url), { transactionStatus });
    expect(done.status).toBe(200);
    const back = await done.text();
    expect(/<form[^>]*action="([^"]+)"/.exec(back)?.[1]).toBe(RETURN_URL);
    // What the browser POSTs to redirectResponseUrl.
    return Object.fromEntries(
      [...back.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
        match[1],
        match[2],
      ]),
    );
  }

  const authentication = (token: string, orderId = newId('3DS')) => ({
    orderId,
    transactionId: 'auth-1',
    token,
    amount: 12.5,
    currency: 'USD',
    redirectResponseUrl: RETURN_URL,
  });

  it('challenges the challenge card and authorises only after the payer passed', async () => {
    const token = await savedCard(CHALLENGE_CARD);
    const input = authentication(token);
    const answer = await gateway.authenticatePayer(input);
    expect(answer.kind).toBe('challenge');
    const html = answer.kind === 'challenge' ? answer.redirectHtml : '';
    expect(await gateway.retrieveAuthentication(input.orderId, 'auth-1')).toBe('pending');

    // Without the authentication, the issuer declines.
    const unauthenticated = await gateway.authorizeWithToken(
      payment(token, { orderId: input.orderId, transactionId: 'pay-1' }),
    );
    expect(unauthenticated.result).toBe('FAILURE');
    expect(unauthenticated.response?.gatewayCode).toBe('DECLINED');

    expect(await answerChallenge(html, 'Y')).toEqual({
      'order.id': input.orderId,
      'transaction.id': 'auth-1',
      result: 'SUCCESS',
      'response.gatewayRecommendation': 'PROCEED',
    });
    expect(await gateway.retrieveAuthentication(input.orderId, 'auth-1')).toBe('authenticated');
    const authorised = await gateway.authorizeWithToken(
      payment(token, {
        orderId: input.orderId,
        transactionId: 'pay-2',
        authenticationTransactionId: 'auth-1',
      }),
    );
    expect(authorised.result).toBe('SUCCESS');
    expect(authorised.order.status).toBe('AUTHORIZED');
  });

  it('declines after a failed challenge, which Retrieve Transaction shows', async () => {
    const token = await savedCard(CHALLENGE_CARD);
    const input = authentication(token);
    const answer = await gateway.authenticatePayer(input);
    if (answer.kind !== 'challenge') throw new Error(`expected a challenge, got ${answer.kind}`);
    expect(await answerChallenge(answer.redirectHtml, 'N')).toMatchObject({
      result: 'FAILURE',
      'response.gatewayRecommendation': 'DO_NOT_PROCEED',
    });
    expect(await gateway.retrieveAuthentication(input.orderId, 'auth-1')).toBe('failed');
    const declined = await gateway.authorizeWithToken(
      payment(token, {
        orderId: input.orderId,
        transactionId: 'pay-1',
        authenticationTransactionId: 'auth-1',
      }),
    );
    expect(declined.result).toBe('FAILURE');
    expect(declined.response?.gatewayCode).toBe('DECLINED');
  });

  it('answers the challenge html at one documented place at a time, and the client reads either', async () => {
    const token = await savedCard(CHALLENGE_CARD);
    const placesOf = (answer: { authentication?: Record<string, unknown> }) =>
      Object.keys(answer.authentication ?? {}).filter((key) => key.startsWith('redirect'));
    for (const field of ['redirect.html', 'redirectHtml'] as const) {
      await setAuthenticationRedirect(shop.url, field);
      const orderId = newId('3DS');
      const answer = await gateway.authenticatePayer(authentication(token, orderId));
      expect(answer.kind, field).toBe('challenge');
      const { merchantId, password } = shop.config.gateway;
      const retrieved = await fetch(
        `${gatewaySandboxUrl(shop.url)}/api/rest/version/100/merchant/${merchantId}/order/${orderId}/transaction/auth-1`,
        {
          headers: {
            authorization: `Basic ${Buffer.from(`merchant.${merchantId}:${password}`).toString('base64')}`,
          },
        },
      );
      expect(
        placesOf((await retrieved.json()) as { authentication?: Record<string, unknown> }),
        field,
      ).toEqual([field === 'redirect.html' ? 'redirect' : 'redirectHtml']);
    }
  });

  it('declines a payment for another amount than the one the payer authenticated', async () => {
    const token = await savedCard(CHALLENGE_CARD);
    const input = authentication(token);
    const answer = await gateway.authenticatePayer(input);
    if (answer.kind !== 'challenge') throw new Error(`expected a challenge, got ${answer.kind}`);
    await answerChallenge(answer.redirectHtml, 'Y');
    const declined = await gateway.authorizeWithToken(
      payment(token, {
        orderId: input.orderId,
        transactionId: 'pay-1',
        amount: 99,
        authenticationTransactionId: 'auth-1',
      }),
    );
    expect(declined.result).toBe('FAILURE');
  });

  it('authenticates any other card without a challenge', async () => {
    const token = await savedCard();
    const input = authentication(token);
    expect(await gateway.authenticatePayer(input)).toEqual({ kind: 'frictionless' });
    expect(await gateway.retrieveAuthentication(input.orderId, 'auth-1')).toBe('authenticated');
    const authorised = await gateway.authorizeWithToken(
      payment(token, {
        orderId: input.orderId,
        transactionId: 'pay-1',
        authenticationTransactionId: 'auth-1',
      }),
    );
    expect(authorised.result).toBe('SUCCESS');
  });

  it('refuses Authenticate Payer with no Initiate Authentication before it', async () => {
    const token = await savedCard();
    const response = await putTransaction(newId('3DS'), 'auth-1', {
      apiOperation: 'AUTHENTICATE_PAYER',
      authentication: { redirectResponseUrl: RETURN_URL },
      order: { amount: '12.50', currency: 'USD' },
      sourceOfFunds: { token },
    });
    expect(response.status).toBe(400);
  });
});
