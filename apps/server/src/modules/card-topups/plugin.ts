/**
 * The card top-ups module in the app (issue 32): one-tap top-ups and automatic top-ups with a
 * saved card, as `app.cardTopups`, with their routes. Automatic top-ups hear every usage
 * reading the alerts module takes (callbacks and polls), and charges left due by a crash or a
 * fault run on background rounds once the app listens. It uses the orders, saved cards and
 * alerts modules through what they expose.
 */
import fp from 'fastify-plugin';
import { repeatInBackground } from '../../lib/background-rounds';
import { type AutoTopups, createAutoTopups } from './auto-topups';
import { createOneTapTopups, type OneTapTopups } from './one-tap';
import { cardTopupRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    cardTopups: { oneTap: OneTapTopups; autoTopups: AutoTopups };
  }
}

export interface CardTopupsPluginOptions {
  /** Run due charges in the background; tests that drive them turn it off. */
  worker: boolean;
}

export const cardTopupsPlugin = fp<CardTopupsPluginOptions>(
  async (app, options) => {
    const orders = app.orders.context;
    const oneTap = createOneTapTopups({ orders, savedCards: app.savedCards });
    const autoTopups = createAutoTopups({
      orders,
      runner: app.orders.runner,
      savedCards: app.savedCards,
      publicUrl: app.config.publicUrl,
    });
    app.decorate('cardTopups', { oneTap, autoTopups });
    app.alerts.onReading((reading) => autoTopups.consider(reading));
    await app.register(cardTopupRoutes, { oneTap, autoTopups });

    if (options.worker) {
      const log = app.log.child({ module: 'card-topups' });
      let rounds: ReturnType<typeof repeatInBackground> | undefined;
      app.addHook('onListen', async () => {
        rounds ??= repeatInBackground(
          app.config.orders.workerIntervalMs,
          async () => {
            await autoTopups.runDueCharges();
          },
          (error) => log.error({ err: error }, 'automatic top-up charges failed'),
        );
      });
      app.addHook('preClose', async () => rounds?.stop());
    }
  },
  { name: 'card-topups', dependencies: ['orders', 'saved-cards', 'alerts'] },
);
