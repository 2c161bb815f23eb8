export * from './brand';
export * from './catalog';
export * from './catalog-constants';
export * from './errors';
export * from './health';
export * from './pricing';
export * from './routes';
