/**
 * The orders' texts and statuses, apart from their schemas (orders.ts) so the web's first script
 * can say them without carrying zod (issue 18).
 */

/** Texts the spec fixes for buying, and the server's own answers around payment. */
export const orderMessages = {
  noPlanSelected: 'No plan selected for purchase.',
  // The misspelling is the spec's, kept so the alert reads as it always did.
  paymentCanceled: 'Error: Paymenrt canceled',
  emailMismatch: 'The e-mail address must be the one you signed in with.',
  invalidEmail: 'Please enter a valid email',
  nameRequired: 'Name is required',
  mobileRequired: 'Mobile is required',
  iccidRequired: 'A top-up needs the ICCID of one of your eSIMs.',
  esimNotFound: 'eSIM not found',
  esimRefunded:
    'This eSIM was refunded and returned, so it cannot be topped up. Choose a new eSIM instead.',
  orderNotFound: 'Order not found',
  gatewayUnavailable:
    'The payment page could not be opened right now. Nothing was charged; please try again in a moment.',
  confirmationUnavailable:
    'We could not reach the payment gateway to confirm your payment. Please check your account again in a few minutes.',
  resultIndicatorMismatch: 'The payment result does not belong to this order.',
  invalidReference: 'The order reference is not valid.',
  invalidNotificationSecret: 'The notification secret is missing or does not match.',
  invalidNotification: 'The notification names no order.',
  cannotSellNow: 'We cannot sell this plan right now. Nothing was charged; please try again later.',
  planUnavailable:
    'This plan is no longer available. Nothing was charged; please choose another plan.',
  priceChanged:
    'The price of this plan has just changed at our provider. Nothing was charged; please choose another plan, or try again later.',
  topUpIncompatible:
    'This plan cannot be added to this eSIM. Nothing was charged; please choose another plan, or buy it on a new eSIM.',
  esimUnavailable:
    'This eSIM can no longer be topped up. Nothing was charged; please buy a new eSIM instead.',
  homeCountryUnconfirmed:
    'This plan is for your own country, and our plans are for use abroad. Nothing was charged; please confirm that you want a plan for your own country, or choose another destination.',
} as const;

/** What the web's payment pages tell the buyer around the gateway's page. */
export const paymentPageTexts = {
  /** The spec's advice before paying, given again when a payment is slow. */
  beforePaying:
    'If your payment is rejected or slow, wait 10 minutes and check your account status before trying again.',
  cancelled: 'Payment cancelled. You have not been charged.',
  sessionExpired: 'Your payment session has expired. Start again from your plan.',
} as const;

/** The payment_successfull page's heading for each outcome while it confirms a payment. */
export const paymentResultTitles = {
  confirmed: 'Payment confirmed. Your eSIM is ready.',
  confirming: 'Confirming your payment…',
  preparing: 'Payment received. Preparing your eSIM…',
  failed: 'Your payment did not go through.',
  cancelled: 'This payment was cancelled.',
  refund: 'We could not set up your eSIM.',
  slow: 'Your payment is still being processed.',
  unknown: 'We could not check your payment just now.',
  nothing: 'There is no payment in progress in this browser.',
} as const;

/** What to do when the gateway's answer is not a clear yes. */
export const paymentResultAdvice = {
  tryAgain: 'Check your card details or try another card, then buy the plan again.',
  slow: paymentPageTexts.beforePaying,
  unknown:
    'If you paid, your eSIM appears in your account within 10 minutes. Please check there before trying again.',
} as const;

/**
 * The order lifecycle (ARCHITECTURE.md "Order lifecycle"):
 * created -> awaiting_payment -> paid -> fulfilling -> fulfilled,
 * with payment_failed, cancelled, and fulfilment_failed -> refunded.
 */
export const orderStatuses = [
  'created',
  'awaiting_payment',
  'paid',
  'fulfilling',
  'fulfilled',
  'payment_failed',
  'cancelled',
  'fulfilment_failed',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** For the `default` branch of a switch over a union: a new member fails to compile there. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${String(value)}`);
}

/** What the buyer is told about an order in each status. */
export function orderStatusMessage(status: OrderStatus): string {
  switch (status) {
    case 'created':
      return 'The payment has not been started yet.';
    case 'awaiting_payment':
      return 'We are waiting for the payment gateway to confirm your payment.';
    case 'paid':
      return 'Payment received. Your eSIM is being prepared.';
    case 'fulfilling':
      return 'Payment received. Your eSIM is being prepared; it will be in your account shortly.';
    case 'fulfilled':
      return 'Your eSIM is ready. We have e-mailed you the QR code and installation details.';
    case 'payment_failed':
      return 'Your payment was not accepted. You have not been charged.';
    case 'cancelled':
      return 'This order was cancelled because no payment was made.';
    case 'fulfilment_failed':
      return 'We could not deliver your eSIM. Your payment is being returned.';
    case 'refunded':
      return 'We could not deliver your eSIM, so your payment was returned. You have not been charged.';
    default:
      return assertNever(status, 'order status');
  }
}

/** No further change will come by itself: nothing to wait for. */
export function isSettledOrderStatus(status: OrderStatus): boolean {
  switch (status) {
    case 'fulfilled':
    case 'payment_failed':
    case 'cancelled':
    case 'refunded':
      return true;
    case 'created':
    case 'awaiting_payment':
    case 'paid':
    case 'fulfilling':
    case 'fulfilment_failed':
      return false;
    default:
      return assertNever(status, 'order status');
  }
}
