/** The shop's name where the spec says "the product" or "{brand}"; the server can override it. */
export const DEFAULT_BRAND_NAME = 'Tern';

/** The mobile app's URL scheme (`tern://payment/success`); the server can override it. */
export const DEFAULT_MOBILE_APP_SCHEME = 'tern';
