/**
 * The operators' console's texts (issue 30), apart from its schemas (ops.ts) as the orders' are.
 * The console is a separate door for the shop's staff: none of this is a buyer's.
 */
export const operatorRoles = ['viewer', 'operator'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/**
 * What settles a line of the reconciliation: retry or refund a shop order (its own actions),
 * return an unclaimed provider order to eSIM Go, void or refund a payment no order holds, wait
 * (a worker or a shop order is on it), or review by hand (nothing can be returned).
 */
export const reconciliationActions = [
  'retry',
  'refund',
  'return-to-provider',
  'void-payment',
  'refund-payment',
  'wait',
  'review',
] as const;

export const opsMessages = {
  /** The same answer for any address, so the sign-in does not tell who is an operator. */
  codeSent: 'If this address belongs to an operator, a sign-in code is on its way.',
  /** One refusal for a wrong address, code or authenticator code: nothing to probe. */
  signInRefused: 'The e-mail code or the authenticator code is not right, or has expired.',
  totpRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  sessionRequired: 'Sign in to the console first; your session may have ended.',
  roleRequired: 'Your role can look at this but not change it.',
  orderBusy:
    'A worker is handling this order right now. Nothing was changed; try again in a minute.',
  notRefundable: 'This order cannot be refunded in its present state.',
  notDelivered: 'This order has no delivered eSIM whose e-mail could be sent again.',
  notParked: 'This order is not waiting for an operator: nothing was marked.',
  signedOut: 'Signed out of the console.',
  dayNotBegun: 'That day has not begun yet: choose today or an earlier day.',
  reconciliationUnavailable:
    'eSIM Go or the payment gateway did not answer, so the day could not be reconciled. Try again in a minute.',
  providerOrderNotFound: 'eSIM Go has no purchase with this reference.',
  providerOrderClaimed:
    'A shop order holds this provider order: settle it from that order instead. Nothing was changed.',
  providerOrderInDoubt:
    'A shop order is still looking for its eSIM Go order of this bundle and may claim this one. Nothing was changed; try again once it has settled.',
  paymentNotFound: 'The payment gateway has no payment under this order id.',
  paymentHasOrder:
    'A shop order holds this payment: settle it from that order instead. Nothing was changed.',
  returnBusy: 'This is being settled right now. Nothing was changed; try again in a minute.',
  returnFailed:
    'eSIM Go or the payment gateway did not answer. What was done is kept, and the rest is tried again by itself.',
} as const;
