// The English of the plan confirmation, checkout, payment and payment result pages: the source of truth.
import { errorMessages } from '@tern/contract/errors';
import {
  orderMessages,
  orderStatusMessage,
  paymentPageTexts,
  paymentResultAdvice,
  paymentResultTitles,
} from '@tern/contract/order-texts';

export const checkout = {
  // Plan confirmation (spec "Plan confirmation").
  'confirmation.title': 'Order summary',
  'confirmation.description': 'Check your eSIM order before paying securely by card.',
  'confirmation.intro': 'Check your order, then pay securely by card.',
  'confirmation.invalidTopUp':
    'This top-up link does not name a valid eSIM. Start the top-up again from your account.',
  'confirmation.topUp': 'Top-up for eSIM {iccid}',
  'confirmation.billedTo': 'Billed to',
  'confirmation.billedToNamed': '{name}, {email}',
  'confirmation.proceed': 'Proceed to Secure Payment',
  // Checks before payment (issue 31): look-alike destinations, home country, the plan's clock.
  'checks.destination.title': 'Where this plan works',
  'checks.destination.country': '{country} · {region}',
  'checks.lookalike.question': 'Travelling to {country} instead?',
  'checks.lookalike.note': 'This plan works in {country} only. Check the country before you pay.',
  'checks.lookalike.switch': 'See plans for {country}',
  'checks.home.title': 'This plan is for your own country',
  'checks.home.fromMobile':
    'Your mobile number is from {country}. Our eSIMs are for use abroad: at home, your own SIM already works.',
  'checks.home.fromBrowser':
    'Your browser says you are in {country}. Our eSIMs are for use abroad: at home, your own SIM already works.',
  'checks.home.confirm': 'Yes, I want a plan for {country}',
  'checks.home.required': 'Confirm the plan for your own country above to continue.',
  'checks.clock.title': 'When the plan starts and ends',
  'checks.clock.country':
    'It starts when your phone first connects to a network in {country}, and ends {days, plural, one {# day} other {# days}} later.',
  'checks.clock.region':
    'It starts when your phone first connects to a network in any country it covers, and ends {days, plural, one {# day} other {# days}} later. A stop-over in a covered country starts it too, even if you only change planes there.',
  // "This is a gift" (issue 31): the plan goes to someone else's e-mail.
  'gift.toggle': 'This is a gift',
  'gift.toggleHint':
    'We e-mail the eSIM to the person you name, with your message. You pay and keep the invoice.',
  'gift.email': 'Their e-mail address',
  'gift.emailHint': 'The eSIM appears in their account when they sign in with this address.',
  'gift.message': 'Your message (optional)',
  'gift.messageHint': 'Up to {max} characters ({count} used).',
  'gift.error.email': 'Please enter the e-mail address of the person you are giving this eSIM to.',
  'gift.error.ownEmail':
    'This is your own e-mail address. Switch off “This is a gift” to buy this eSIM for yourself.',
  'gift.error.messageTooLong': 'The gift message can be at most {max} characters long.',
  // A promo code at plan confirmation (issue 31).
  'promo.heading': 'Promo code',
  'promo.label': 'Code',
  'promo.apply': 'Apply',
  'promo.applied': 'Code {code} applied: {amount} off.',
  'promo.remove': 'Remove code',
  'promo.discount': 'Promo code',
  'promo.failed': 'The code could not be checked. Please try again.',
  // Save my card at plan confirmation (issue 32): the card-on-file consent, before the gateway.
  'saveCard.heading': 'Save your card',
  'saveCard.label': 'Save this card for one-tap top-ups',
  'saveCard.what':
    'The payment service keeps your card and gives us only a token for it: we never store your card number.',
  'saveCard.use':
    'We use it only for payments you start, and for automatic top-ups only if you turn them on later.',
  'saveCard.remove': 'You can remove it from your profile at any time.',
  // One-tap and automatic top-up with a saved card (issue 32).
  'savedCard.heading': 'Pay now with a saved card',
  'savedCard.intro':
    'The top-up is paid at once with your card. Your bank may ask you to confirm it is you.',
  'savedCard.choose': 'Card to pay with',
  'savedCard.expires': 'expires {expiry}',
  'savedCard.payNow': 'Pay now with {card}',
  'savedCard.noExtras':
    'Paying with a saved card uses neither store credit nor a promo code: for those, proceed to secure payment below.',
  'savedCard.failed': 'The payment could not be made, so nothing was paid. Please try again.',
  // Store credit at plan confirmation (issue 31).
  'credit.heading': 'Store credit',
  'credit.balance': 'You have {amount} of store credit. It never expires.',
  'credit.use': 'Use my credit',
  'credit.price': 'Plan price',
  'credit.credit': 'Store credit',
  'credit.vat': 'VAT ({rate}%) on what the card pays',
  'credit.stamps': 'Stamps',
  'credit.total': 'Total to pay by card',
  'credit.minimum':
    'The card always pays at least the {amount} stamps fee; the rest of your credit stays yours.',
  backToPlans: 'Back to Plans',
  // The legacy checkout (spec "Checkout (legacy)"): its form's own, shorter words.
  'legacy.title': 'Checkout',
  'legacy.description': 'Confirm your details and pay securely for your eSIM.',
  'legacy.intro': 'Check your order, confirm your details, then pay.',
  'details.title': 'Your details',
  'details.intro':
    'We e-mail you a 6-digit code to confirm it is you. Your eSIM is sent to this address.',
  'details.email': 'Email',
  'details.name': 'Name',
  'details.mobile': 'Mobile',
  'details.sendCode': 'Send code',
  'details.mobileHint': 'With your country code, for example {example}',
  'details.change': 'Change my details',
  'details.proceed': 'Proceed to payment',
  'errors.invalidEmail': orderMessages.invalidEmail,
  'errors.nameRequired': orderMessages.nameRequired,
  'errors.mobileRequired': orderMessages.mobileRequired,
  // The order summary table.
  'summary.caption': 'Your order',
  'summary.description': 'Description',
  'summary.price': 'Price',
  'summary.quantity': 'Quantity',
  'summary.amount': 'Amount',
  'summary.subtotal': 'Subtotal',
  'summary.vat': 'VAT ({rate}%)',
  'summary.stamps': 'Stamps',
  'summary.stampsNote': 'Lebanese fiscal stamp duty',
  'summary.total': 'Total ({currency})',
  'summary.line': '{destination} eSIM · {plan}',
  'plan.title': '{data} · {validity}',
  'plan.unlimited': 'Unlimited',
  'plan.mb': '{amount} MB',
  'plan.gb': '{amount} GB',
  'plan.validity': '{count, plural, one {# day} other {# days}}',
  // Where a stored plan is needed and there is none, and the advice before paying.
  'noPlan.selected': orderMessages.noPlanSelected,
  'noPlan.hint': 'Choose a destination and a plan, then come back here.',
  choosePlan: 'Choose a plan',
  'warning.label': 'Before you pay',
  'warning.text': paymentPageTexts.beforePaying,
  // The payment route and the gateway's page.
  'payment.title': 'Secure payment',
  'payment.notFinished': 'Your payment is not finished.',
  'payment.opening': 'Taking you to the secure payment page…',
  'payment.gatewayNote':
    "You pay on the payment gateway's page; your card details never reach our shop.",
  'payment.continue': 'Continue to payment',
  'payment.backToSummary': 'Back to the order summary',
  'payment.unreachable.title': 'The payment page could not be opened.',
  'payment.unreachable.text':
    'The payment gateway did not answer. Check your connection and try again; nothing has been charged.',
  'payment.tryAgain': 'Try again',
  'payment.expired.title': paymentPageTexts.sessionExpired,
  'payment.expired.text':
    'A payment page opens only from the order summary, for a few minutes. If you paid a moment ago, check your account before paying again.',
  'payment.cancelled': paymentPageTexts.cancelled,
  // The spec's alert, misspelling and all.
  'payment.canceledAlert': orderMessages.paymentCanceled,
  'payment.gatewayUnavailable': orderMessages.gatewayUnavailable,
  backToYourPlan: 'Back to your plan',
  myAccount: 'My account',
  // A refused purchase (spec section 8): 'Error: {what the server said}'.
  'error.prefixed': 'Error: {message}',
  'error.generic': errorMessages.generic,
  // payment-redirect, for a payment made in the mobile app.
  'redirect.title': 'Payment',
  'redirect.heading': 'Back to the app',
  'redirect.opening': 'Opening the app…',
  'redirect.text': 'If the app does not open by itself, tap the button below.',
  'redirect.open': 'Open the app',
  // payment_successfull: the page that confirms a payment.
  'result.title': 'Payment',
  'result.heading': 'Your payment',
  'result.checking': 'We are checking with the payment gateway. This usually takes a few seconds.',
  'result.confirmed': paymentResultTitles.confirmed,
  'result.confirming': paymentResultTitles.confirming,
  'result.preparing': paymentResultTitles.preparing,
  'result.failed': paymentResultTitles.failed,
  'result.cancelled': paymentResultTitles.cancelled,
  'result.refund': paymentResultTitles.refund,
  'result.slow': paymentResultTitles.slow,
  'result.unknown': paymentResultTitles.unknown,
  'result.nothing': paymentResultTitles.nothing,
  'advice.tryAgain': paymentResultAdvice.tryAgain,
  'advice.slow': paymentResultAdvice.slow,
  'advice.unknown': paymentResultAdvice.unknown,
  'status.created': orderStatusMessage('created'),
  'status.awaitingPayment': orderStatusMessage('awaiting_payment'),
  'status.paid': orderStatusMessage('paid'),
  'status.fulfilling': orderStatusMessage('fulfilling'),
  'status.fulfilled': orderStatusMessage('fulfilled'),
  'status.paymentFailed': orderStatusMessage('payment_failed'),
  'status.cancelled': orderStatusMessage('cancelled'),
  'status.fulfilmentFailed': orderStatusMessage('fulfilment_failed'),
  'status.refunded': orderStatusMessage('refunded'),
  goToAccount: 'Go to my account',
  checkAgain: 'Check again',
  contactUs: 'Contact us',
} as const;
