// Every table of the shop; drizzle-kit reads this folder to generate migrations.

export * from './accounts';
export * from './after-sale';
export * from './card-topups';
export * from './catalog';
export * from './credit';
export * from './esimgo-sandbox';
export * from './gateway-sandbox';
export * from './gifts';
export * from './jobs';
export * from './operators';
export * from './ops-reports';
export * from './orders';
export * from './promotions';
export * from './reconciliation';
export * from './referrals';
export * from './saved-cards';
