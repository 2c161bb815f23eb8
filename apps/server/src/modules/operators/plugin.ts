/**
 * The operators' console in the app (issue 30): the sign-in service as `app.operators`, and
 * the operator API. A separate door from the buyers': its own codes, sessions and audit log.
 */
import fp from 'fastify-plugin';
import { operatorRoutes } from './routes';
import { createOperatorSignIn, type OperatorSignIn } from './sign-in';

const OPS_API_PREFIX = '/api/ops';

declare module 'fastify' {
  interface FastifyInstance {
    operators: { signIn: OperatorSignIn };
  }
}

export const operatorsPlugin = fp(
  async (app) => {
    app.decorateRequest('operator', undefined);
    app.decorate('operators', {
      signIn: createOperatorSignIn({
        db: app.database.db,
        mailer: app.mailer,
        clock: app.clock,
        brandName: app.config.brandName,
        log: app.log,
        roles: app.config.operators.roles,
        sessionMinutes: app.config.operators.sessionMinutes,
      }),
    });
    // Nothing of the console is kept by a browser, a proxy or the service worker: the hook is
    // the app's (this plugin is not encapsulated), so it covers every section's routes, the
    // reconciliation's and the reports' included, not only this module's.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(OPS_API_PREFIX)) reply.header('cache-control', 'no-store');
    });
    await app.register(operatorRoutes);
  },
  { name: 'operators', dependencies: ['outside-services', 'auth', 'orders', 'refunds'] },
);
