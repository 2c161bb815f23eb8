/**
 * The payment gateway client of a running app: the configured MPGS gateway, or else the app's
 * own built-in sandbox. Server calls go to the app's listening address (so the app must be
 * listening); browsers are sent to the hosted page at the shop's public address.
 */
import type { FastifyInstance } from 'fastify';
import { selfUrl } from '../../app';
import {
  GATEWAY_SANDBOX_PATH,
  gatewaySandboxUrl,
  hostedPagePath,
} from '../../sandbox/gateway/paths';
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './client';

export function gatewayBaseUrl(app: FastifyInstance): string {
  return app.config.gateway.url ?? gatewaySandboxUrl(selfUrl(app));
}

/** The sandbox root browsers reach, when the gateway is a sandbox (this app's or another's). */
function sandboxPageBase(app: FastifyInstance): string | undefined {
  const { url } = app.config.gateway;
  if (url === undefined) return gatewaySandboxUrl(app.config.publicUrl);
  return url.endsWith(GATEWAY_SANDBOX_PATH) ? url : undefined;
}

export function gatewayClientFor(
  app: FastifyInstance,
  options: Partial<Omit<GatewayClientOptions, 'baseUrl' | 'merchantId' | 'password'>> = {},
): GatewayClient {
  const { merchantId, password } = app.config.gateway;
  const pageBase = sandboxPageBase(app);
  return createGatewayClient({
    baseUrl: gatewayBaseUrl(app),
    merchantId,
    password,
    ...(pageBase
      ? { hostedPageUrl: (sessionId) => `${pageBase}${hostedPagePath(sessionId)}` }
      : {}),
    ...options,
  });
}
