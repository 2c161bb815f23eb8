/**
 * The Apple Pay domain-verification file the browser tests' shop serves
 * (APPLE_PAY_DOMAIN_ASSOCIATION_FILE in global-setup.ts): a stand-in for the one Apple gives.
 */
import path from 'node:path';

export const APPLE_PAY_DOMAIN_ASSOCIATION_FILE = path.join(
  import.meta.dirname,
  'apple-developer-merchantid-domain-association',
);
