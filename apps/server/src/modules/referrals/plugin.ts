/**
 * The referrals module in the app (issue 31), as `app.referrals`: it hears every sign-in from
 * the auth module (the device, and a first sign-in through a share link), and the orders
 * module tells it the card that paid an order and when an order's payment is captured.
 */
import fp from 'fastify-plugin';
import { referralRoutes } from './routes';
import { createReferrals, type ReferralsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    referrals: ReferralsService;
  }
}

export const referralsPlugin = fp(
  async (app) => {
    const service = createReferrals({
      db: app.database.db,
      clock: app.clock,
      credit: app.credit,
      settings: app.config.referrals,
    });
    app.decorate('referrals', service);
    app.auth.onSignedIn((event) => service.signedIn(event));
    await app.register(referralRoutes, { service });
  },
  { name: 'referrals', dependencies: ['auth', 'credit'] },
);
