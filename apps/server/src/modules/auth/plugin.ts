/**
 * The auth module in the app: one sign-in service, exposed as `app.auth` (routes that act for a
 * client find their client through it, and orders finds where to write), and its routes.
 */
import fp from 'fastify-plugin';
import { type AuthService, createAuthService } from './auth-service';
import { authRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorate(
      'auth',
      createAuthService({
        db: app.database.db,
        mailer: app.mailer,
        clock: app.clock,
        brandName: app.config.brandName,
        log: app.log,
      }),
    );
    await app.register(authRoutes);
  },
  { name: 'auth', dependencies: ['outside-services'] },
);
