/**
 * The health module in the app: the readiness probe, which asks the catalog module whether
 * there is a catalogue to serve yet.
 */
import fp from 'fastify-plugin';
import { healthRoutes } from './routes';

export const healthPlugin = fp(
  async (app) => {
    await app.register(healthRoutes);
  },
  { name: 'health', dependencies: ['catalog', 'outside-services'] },
);
