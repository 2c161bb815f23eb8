/**
 * The stand-in gateway's own REST API, called as the shop calls it (Basic authentication as
 * `merchant.<id>` with the API password), to see what the gateway holds rather than what the
 * shop says: the token a paid order's card was stored under (Retrieve Order), and whether the
 * repository still has it (Retrieve Token). The merchant account is chosen here and given to
 * the shop by global-setup.ts, so both sides know it.
 */
import { type APIRequestContext, expect } from '@playwright/test';

export const GATEWAY_MERCHANT_ID = 'TERNE2E';
export const GATEWAY_PASSWORD = 'e2e-gateway-password';

const API = `/_sandbox/gateway/api/rest/version/100/merchant/${GATEWAY_MERCHANT_ID}`;
const credentials = {
  authorization: `Basic ${Buffer.from(`merchant.${GATEWAY_MERCHANT_ID}:${GATEWAY_PASSWORD}`).toString('base64')}`,
};

interface RetrievedOrder {
  transaction: { result: string; sourceOfFunds?: { token?: string } }[];
}

/** The token the gateway stored the order's card under, as Retrieve Order shows it. */
export async function storedTokenOf(request: APIRequestContext, orderId: string): Promise<string> {
  const response = await request.get(`${API}/order/${encodeURIComponent(orderId)}`, {
    headers: credentials,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const order = (await response.json()) as RetrievedOrder;
  const token = order.transaction.find(
    (entry) => entry.result === 'SUCCESS' && entry.sourceOfFunds?.token,
  )?.sourceOfFunds?.token;
  expect(token, `order ${orderId} stored a card`).toBeTruthy();
  return token ?? '';
}

/** Retrieve Token: what the gateway answers about `token` (status and body). */
export async function retrieveToken(
  request: APIRequestContext,
  token: string,
): Promise<{ status: number; body: { result?: string; status?: string; error?: object } }> {
  const response = await request.get(`${API}/token/${encodeURIComponent(token)}`, {
    headers: credentials,
  });
  return { status: response.status(), body: await response.json() };
}
