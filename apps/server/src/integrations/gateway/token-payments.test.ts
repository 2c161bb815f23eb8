import { describe, expect, it } from 'vitest';
import {
  afterInitiation,
  authenticatePayerRequest,
  authenticationOutcomeOf,
  authorizeWithTokenRequest,
  initiateAuthenticationRequest,
  payerAuthenticationOf,
  verifyWithTokenRequest,
} from './token-payments';

const base = {
  orderId: 'TERN-1',
  transactionId: 'pay-1',
  token: '9123456789012345',
  amount: 12.5,
  currency: 'USD',
};
const agreement = { id: 'auto-topup-42', type: 'UNSCHEDULED' } as const;

describe('what a token payment sends', () => {
  it('sends a CIT as INTERNET with the stored card and the authentication it passed', () => {
    expect(
      authorizeWithTokenRequest({
        ...base,
        initiator: 'cardholder',
        authenticationTransactionId: '3ds-1',
      }),
    ).toEqual({
      apiOperation: 'AUTHORIZE',
      order: { amount: '12.50', currency: 'USD' },
      sourceOfFunds: {
        type: 'CARD',
        token: '9123456789012345',
        provided: { card: { storedOnFile: 'STORED' } },
      },
      transaction: { source: 'INTERNET' },
      authentication: { transactionId: '3ds-1' },
    });
  });

  it('sends a CIT without authentication or agreement fields when it has none', () => {
    const body = authorizeWithTokenRequest({ ...base, initiator: 'cardholder' });
    expect(body).not.toHaveProperty('authentication');
    expect(body).not.toHaveProperty('agreement');
  });

  it('sends an MIT as MERCHANT under its agreement', () => {
    expect(authorizeWithTokenRequest({ ...base, initiator: 'merchant', agreement })).toEqual({
      apiOperation: 'AUTHORIZE',
      order: { amount: '12.50', currency: 'USD' },
      sourceOfFunds: {
        type: 'CARD',
        token: '9123456789012345',
        provided: { card: { storedOnFile: 'STORED' } },
      },
      transaction: { source: 'MERCHANT' },
      agreement: { id: 'auto-topup-42', type: 'UNSCHEDULED' },
    });
  });

  it('never builds an MIT without an agreement', () => {
    expect(() => authorizeWithTokenRequest({ ...base, initiator: 'merchant' })).toThrow(
      /agreement/,
    );
  });

  it('sends the VERIFY that sets up the agreement as a CIT, with a currency and no amount', () => {
    expect(
      verifyWithTokenRequest({
        orderId: 'TERN-2',
        transactionId: 'verify-1',
        token: base.token,
        currency: 'USD',
        agreement,
      }),
    ).toEqual({
      apiOperation: 'VERIFY',
      order: { currency: 'USD' },
      sourceOfFunds: {
        type: 'CARD',
        token: '9123456789012345',
        provided: { card: { storedOnFile: 'STORED' } },
      },
      transaction: { source: 'INTERNET' },
      agreement: { id: 'auto-topup-42', type: 'UNSCHEDULED' },
    });
  });
});

describe('what 3-D Secure sends', () => {
  const input = { ...base, redirectResponseUrl: 'https://shop.example/payment/authenticated/R1' };

  it('initiates with the token, the currency and a browser payment', () => {
    expect(initiateAuthenticationRequest(input)).toEqual({
      apiOperation: 'INITIATE_AUTHENTICATION',
      authentication: {
        acceptVersions: '3DS2',
        channel: 'PAYER_BROWSER',
        purpose: 'PAYMENT_TRANSACTION',
      },
      order: { currency: 'USD' },
      sourceOfFunds: { token: '9123456789012345' },
    });
  });

  it('authenticates the payer with the amount and where to come back', () => {
    const body = authenticatePayerRequest({
      ...input,
      browser: { userAgent: 'Firefox', language: 'fr-FR', ipAddress: '203.0.113.9' },
    });
    expect(body).toMatchObject({
      apiOperation: 'AUTHENTICATE_PAYER',
      authentication: { redirectResponseUrl: 'https://shop.example/payment/authenticated/R1' },
      order: { amount: '12.50', currency: 'USD' },
      sourceOfFunds: { token: '9123456789012345' },
      device: {
        browser: 'Firefox',
        ipAddress: '203.0.113.9',
        browserDetails: { '3DSecureChallengeWindowSize': 'FULL_SCREEN', language: 'fr-FR' },
      },
    });
  });
});

describe("reading the gateway's authentication answers", () => {
  const html = '<form id="threedsChallengeRedirectForm"></form>';
  const pending = (authentication: { redirect?: { html: string }; redirectHtml?: string }) => ({
    transaction: { authenticationStatus: 'AUTHENTICATION_PENDING' },
    response: { gatewayRecommendation: 'PROCEED' },
    authentication,
  });

  it('reads the challenge html where version 100 puts it', () => {
    expect(payerAuthenticationOf(pending({ redirect: { html } }))).toEqual({
      kind: 'challenge',
      redirectHtml: html,
    });
  });

  it('reads the challenge html where older versions put it', () => {
    expect(payerAuthenticationOf(pending({ redirectHtml: html }))).toEqual({
      kind: 'challenge',
      redirectHtml: html,
    });
  });

  it('tells a frictionless authentication, a refusal and a card without 3-D Secure apart', () => {
    expect(
      payerAuthenticationOf({
        transaction: { authenticationStatus: 'AUTHENTICATION_SUCCESSFUL' },
        response: { gatewayRecommendation: 'PROCEED' },
      }),
    ).toEqual({ kind: 'frictionless' });
    expect(
      payerAuthenticationOf({
        transaction: { authenticationStatus: 'AUTHENTICATION_FAILED' },
        response: { gatewayRecommendation: 'DO_NOT_PROCEED' },
      }),
    ).toEqual({ kind: 'refused' });
    expect(
      afterInitiation({
        transaction: { authenticationStatus: 'AUTHENTICATION_NOT_AVAILABLE' },
        response: { gatewayRecommendation: 'PROCEED' },
      }),
    ).toEqual({ kind: 'not-available' });
    expect(
      afterInitiation({
        transaction: { authenticationStatus: 'AUTHENTICATION_AVAILABLE' },
        response: { gatewayRecommendation: 'PROCEED' },
      }),
    ).toBe('continue');
  });

  it("takes the retrieved transaction's status, not the browser's word", () => {
    const retrieved = (authenticationStatus: string, gatewayRecommendation = 'PROCEED') => ({
      transaction: { authenticationStatus },
      response: { gatewayRecommendation },
    });
    expect(authenticationOutcomeOf(retrieved('AUTHENTICATION_SUCCESSFUL'))).toBe('authenticated');
    expect(authenticationOutcomeOf(retrieved('AUTHENTICATION_PENDING'))).toBe('pending');
    expect(authenticationOutcomeOf(retrieved('AUTHENTICATION_FAILED', 'DO_NOT_PROCEED'))).toBe(
      'failed',
    );
  });
});
