import { apiPath } from './api-path';

/**
 * Where Apple looks for the shop's Apple Pay domain-verification file:
 * https://[DOMAIN_NAME]/.well-known/apple-developer-merchantid-domain-association
 * (https://developer.apple.com/documentation/applepaywebmerchantregistrationapi/preparing-merchant-domains-for-verification).
 */
export const applePayDomainAssociationPath = apiPath(
  '/.well-known/apple-developer-merchantid-domain-association',
);
