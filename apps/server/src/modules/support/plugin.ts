/**
 * The support module in the app: one contact-form service, exposed as `app.support`, and the
 * route that takes the form.
 */
import fp from 'fastify-plugin';
import { supportRoutes } from './routes';
import { createSupportService, type SupportService } from './support-service';

declare module 'fastify' {
  interface FastifyInstance {
    support: SupportService;
  }
}

export const supportPlugin = fp(
  async (app) => {
    app.decorate(
      'support',
      createSupportService({
        mailer: app.mailer,
        brandName: app.config.brandName,
        supportAddress: app.config.mail.supportAddress,
        log: app.log,
      }),
    );
    await app.register(supportRoutes);
  },
  { name: 'support', dependencies: ['outside-services'] },
);
