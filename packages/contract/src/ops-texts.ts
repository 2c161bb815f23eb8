/**
 * The operators' console's texts (issue 30), apart from its schemas (ops.ts) as the orders' are.
 * The console is a separate door for the shop's staff: none of this is a buyer's.
 */
export const operatorRoles = ['viewer', 'operator'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

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
  signedOut: 'Signed out of the console.',
} as const;
