/**
 * The single registry of the web app's route paths (hash-style URLs).
 * The router, every link and the browser tests use these; nobody types a path by hand.
 */
export const paths = {
  home: '/',
  plan: '/plan',
  plans: '/plans',
  planDetails: '/plan-details',
  planConfirmation: '/plan-confirmation',
  /** The trip planner (issue 17): several countries, the cheapest plans covering them. */
  trip: '/trip',
  checkout: '/checkout',
  signIn: '/sign-in',
  payment: '/payment',
  // The misspellings below are the spec's route names, kept so existing links keep working.
  paymentSuccessful: '/payment_successfull',
  paymentCancelled: '/payment_cancelled',
  paymentCancel: '/payment_cancel',
  paymentRedirect: '/payment-redirect',
  profile: '/profile',
  faq: '/faq',
  userGuide: '/user-guide',
  contactUs: '/contact-us',
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  esimAlert: '/esim-alert',
  /** The automatic top-up e-mail's stop link (issue 32): `#/auto-topup-stop?token=…`. */
  autoTopupStop: '/auto-topup-stop',
  /** The operators' console (issue 30): a separate door for the shop's staff, its own sign-in. */
  ops: '/ops',
} as const;

export type RouteName = keyof typeof paths;
export type RoutePath = (typeof paths)[RouteName];

/** A hash-style href for a route, with optional query parameters. */
export function hrefTo(path: RoutePath, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `#${path}${search}`;
}
