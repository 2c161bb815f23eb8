/**
 * Apple Pay and Google Pay (issue 32): the payer meets them on the gateway's hosted page, where
 * the merchant profile enables them, so the shop's only part is Apple's domain-verification file,
 * served where Apple asks for it. A wallet payment is then checked as any card payment is.
 */
import fp from 'fastify-plugin';
import { walletRoutes } from './routes';

export const walletsPlugin = fp(
  async (app) => {
    await app.register(walletRoutes, {
      domainAssociation: app.config.gateway.applePayDomainAssociation,
    });
  },
  { name: 'wallets' },
);
