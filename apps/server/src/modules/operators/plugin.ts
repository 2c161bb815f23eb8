/**
 * The operators' console in the app (issue 30): the sign-in service as `app.operators`, and
 * the operator API. A separate door from the buyers': its own codes, sessions and audit log.
 */
import fp from 'fastify-plugin';
import { operatorRoutes } from './routes';
import { createOperatorSignIn, type OperatorSignIn } from './sign-in';

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
    await app.register(operatorRoutes);
  },
  { name: 'operators', dependencies: ['outside-services', 'auth', 'orders', 'refunds'] },
);
