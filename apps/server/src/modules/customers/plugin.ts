/**
 * The customers module in the app (issue 30): the operators' view of buyers' accounts, as
 * `app.customers`, and its operator routes. It owns no table: it reads accounts, orders, eSIMs,
 * refunds and alerts through their services, and uses the operators' guard and audit log.
 */
import fp from 'fastify-plugin';
import { customerRoutes } from './routes';
import { type CustomersService, createCustomersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomersService;
  }
}

export const customersPlugin = fp(
  async (app) => {
    const service = createCustomersService({
      accounts: app.auth.accounts,
      orders: app.orders.context,
      esims: app.esims,
      refunds: app.refunds.service,
      alerts: app.alerts,
    });
    app.decorate('customers', service);
    await app.register(customerRoutes, { service });
  },
  {
    name: 'customers',
    dependencies: ['auth', 'orders', 'esims', 'refunds', 'alerts', 'operators'],
  },
);
