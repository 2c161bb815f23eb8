// The English of the profile page: eSIM list, details, usage, QR code, invoices: the source of truth.
import { detailsOfferTexts } from '@tern/contract/account-texts';
import { profileTexts } from '@tern/contract/profile-texts';

export const profile = {
  'meta.title': 'My Account',
  'signedOut.title': 'You are signed out',
  'signedOut.signIn': 'Sign in',
  'tabs.label': 'My account',
  'tabs.esims': 'My eSIMs',
  'tabs.invoices': 'Invoices',
  'tabs.gifts': 'Gifts sent',
  // Gifts sent (issue 31).
  'gifts.intro':
    'The eSIMs you gave. Their invoices are under Invoices, and you can ask for a refund of one that was never installed.',
  'gifts.to': 'To {email}',
  'gifts.plan': 'Plan',
  'gifts.date': 'Sent on',
  'gifts.stateLabel': 'State',
  'gifts.state.sent': 'Sent',
  'gifts.state.installed': 'Installed',
  'gifts.state.refunded': 'Refunded',
  'gifts.state.unknown': 'Not known right now',
  'gifts.refundFor': 'of the gift to {email}',
  'esim.giftFrom': 'A gift from {name}',

  // Saved cards (issue 32).
  'cards.heading': 'Saved cards',
  'cards.card': '{scheme} ending in {last4}',
  'cards.expires': 'Expires {expiry}',
  'cards.remove': 'Remove',
  'cards.confirmTitle': 'Remove this card?',
  'cards.confirmBody':
    'The {scheme} card ending in {last4} will be deleted from the payment service and from your account. You can save a card again with your next purchase.',
  'cards.confirmRemove': 'Remove card',
  'cards.cancel': 'Keep card',
  'cards.removed': 'Card removed.',
  'cards.error': 'Your saved cards could not be loaded.',
  // Store credit (issue 31).
  'credit.heading': 'Store credit',
  'credit.balance': 'Balance: {amount}',
  'credit.neverExpires':
    'Your store credit never expires. Use it at checkout, in whole or in part.',
  'credit.history': 'Credit history',
  'credit.date': 'Date',
  'credit.what': 'What',
  'credit.amount': 'Amount',
  'credit.grant': 'Credit from the shop: {reason}',
  'credit.orderPayment': 'Spent on order {order}',
  'credit.orderUnpaid': 'Returned: order {order} was not paid',
  'credit.orderRefund': 'Refunded from order {order}',
  'credit.referral': 'A friend’s first order through your link',
  'credit.error': 'Your store credit could not be loaded.',

  'header.welcome': 'Welcome, {name}',
  'header.welcomeTraveller': 'Welcome, traveller',
  'header.mobile': 'Mobile',
  'header.email': 'E-mail',
  'header.logout': 'Logout',

  // A name or mobile typed at sign-in, offered as a change (the contract's words).
  'offer.label': detailsOfferTexts.label,
  'offer.differentName': detailsOfferTexts.differentName('{name}'),
  'offer.differentMobile': detailsOfferTexts.differentMobile('{mobile}'),
  'offer.differentBoth': detailsOfferTexts.differentBoth('{name}', '{mobile}'),
  'offer.update': detailsOfferTexts.update,
  'offer.keep': detailsOfferTexts.keep,
  'offer.updated': detailsOfferTexts.updated,
  'offer.updateFailed': detailsOfferTexts.updateFailed,

  'esims.error': 'Your eSIMs could not be loaded.',
  'esims.loading': 'Loading your eSIMs…',
  'esims.empty.title': 'You have no eSIMs yet',
  'esims.empty.text': 'Pick a destination and a plan to get your first one.',
  'esims.empty.browse': 'Browse plans',
  'esim.iccid': 'ICCID',
  'esim.purchased': 'Purchased',
  'esim.forThis': 'for eSIM {iccid}',
  'esim.topup': 'Topup',
  'esim.qr': 'QR Code',
  'esim.usage': 'Usage',
  'esim.details': 'eSIM details',
  'esim.refund': 'Request refund',
  // Refund eligibility, said before the button (GET /api/esim/{iccid}/refund).
  'esim.refundUntil': 'Refundable until {date}, as long as it is not installed.',
  'esim.noRefund.installed': 'No refund: this eSIM has been installed on a phone.',
  'esim.noRefund.windowPassed': 'No refund: it was bought more than 14 days ago.',
  'esim.noRefund.alreadyRefunded': 'No refund: it was already refunded.',
  'esim.noRefund.purchaseInProgress':
    'No refund for now: a purchase on this eSIM is still being completed.',
  'esim.status': 'Status',
  'esim.refunded': 'Refunded on {date}',
  'esim.refundedNote': 'This eSIM was cancelled and everything bought for it was refunded.',
  'esim.bundles': '{count, plural, one {Bundle} other {Bundles (#)}}',
  'esim.bundle.topup': 'Top-up',
  'esim.bundle.purchase': 'First purchase',
  'esim.bundle.line': '{kind}, {date}',

  // A plan's title in the shop's words ('1 GB · 7 days'), as the eSIM card and invoices show it.
  'plan.title': '{data} · {validity}',
  'plan.unlimited': 'Unlimited',
  'plan.mb': '{amount} MB',
  'plan.gb': '{amount} GB',
  'plan.validity': '{count, plural, one {# day} other {# days}}',

  'dialog.close': 'Close',
  'dialog.esim': 'eSIM {iccid}',

  'details.title': 'eSIM details',
  'details.error': 'The eSIM details could not be loaded.',
  'details.loading': 'Loading the eSIM details…',
  'details.iccid': 'ICCID',
  'details.pin': 'PIN',
  'details.puk': 'PUK',
  'details.matchingId': 'Matching ID',
  'details.smdp': 'SM-DP+ address',
  'details.status': 'Profile status',
  'details.installed': 'Installed',
  'details.notAvailable': 'Not available',
  'details.hidden': 'Hidden',
  'details.show': 'Show {label}',
  // The provider's word for the profile in the traveller's (utils/state-words.ts); Removed is
  // Released after an install.
  'details.statusValue':
    '{status, select, Released {Not installed yet} Removed {Removed from the phone} Downloaded {Downloaded to a phone} Installed {Installed} Enabled {Installed and switched on} Disabled {Installed, switched off} Deleted {Deleted from the phone} Unavailable {Unavailable} Deactivated {Deactivated} other {{status}}}',

  'copy.button': 'Copy',
  'copy.label': 'Copy {label}',
  'copy.done': profileTexts.copied,
  'copy.failed': profileTexts.copyFailed,

  'qr.title': 'QR Code',
  'qr.download': 'Download',
  'qr.alreadyUsed': profileTexts.qrAlreadyUsed,
  'qr.scanOnce': profileTexts.qrScanOnce,
  'qr.alt': 'QR code to install eSIM {iccid}',
  'qr.error': 'The QR code could not be loaded.',
  'qr.loading': 'Loading the QR code…',
  'qr.manual.title': 'Install without scanning',
  'qr.manual.ios': 'Install on iPhone (iOS 17.4+)',
  'qr.manual.android': 'Install on Android',
  'qr.manual.newTab': ' (opens in a new tab)',
  'qr.manual.enter': 'Or enter these in your phone\'s eSIM settings ("Enter details manually"):',
  'qr.manual.smdp': 'SM-DP+ address',
  'qr.manual.code': 'Activation code',
  'qr.manual.error': 'The installation details could not be loaded.',
  'qr.manual.loading': 'Loading the installation details…',

  // Install first (issue 31): how to install an eSIM not on a phone yet, after the warning.
  'install.title.phone': 'Install on this phone',
  'install.title.other': 'Install on your phone',
  'install.notice.title': 'Before you install: this code works only once',
  'install.notice.once':
    'The install link and the QR code work once: when the eSIM is on a phone, they cannot install it again, on that phone or any other.',
  'install.notice.delete':
    'Do not delete the eSIM from your phone: a deleted eSIM is lost and cannot be installed again.',
  'install.notice.acknowledge': 'I understand, show install',
  'install.ios': 'Install on this iPhone',
  'install.android': 'Install on this Android phone',
  'install.iosTooOld':
    'One-tap install needs iOS 17.4 or later. Update your iPhone, or scan the QR code shown on another screen.',
  'install.otherDevice': 'QR code for installing on another device',
  'install.onThePhone': 'On the phone itself, tap the link instead:',
  'install.installed': 'Installed',
  // Offline (decision 0020): the copy of the eSIMs saved on this device.
  'offline.notice': 'Offline — showing what was saved at {time}',
  'offline.saved': 'Saved on this device for use offline at {time}.',
  'offline.nothingSaved':
    'You are offline, and nothing is saved on this device yet. Open this page once with a connection and your eSIMs will be kept here for the trip.',
  'offline.noQr': 'The QR code was not saved. Use the values below, or open this page online.',
  'offline.noInstall':
    'The installation details were not saved. Open this page online to save them.',
  'offline.noUsage': 'No usage reading was saved.',

  'usage.title': 'Usage',
  'usage.error': 'The usage could not be loaded.',
  'usage.loading': 'Loading the usage…',
  'usage.asOf': 'as of {time}',
  'usage.none': 'There is no bundle on this eSIM yet.',
  'usage.state': 'State: ',
  // The provider's word for a bundle's state in the traveller's (utils/state-words.ts).
  'usage.stateValue':
    '{state, select, processing {Getting ready} queued {Waiting to start} active {In use} depleted {Data used up} expired {Expired} revoked {Cancelled} lapsed {Expired unused} other {{state}}}',
  'usage.topUp': 'Top up this eSIM',
  'usage.unlimited': 'Unlimited data',
  'usage.left': '{left} left of {bought}',
  'usage.bar': 'Data left on {title}',
  'usage.barValue': '{left} left of {bought} ({percent}%)',
  'usage.megabytes': '{amount} MB',
  'usage.startDate': 'Start date',
  'usage.notStarted': 'Not started',
  'usage.expiryDate': 'Expiry date',
  'usage.yourData': 'Your data',
  'usage.lastsUntil': 'Lasts until your plan ends on {date}',
  'usage.runsOut': 'Runs out around {date} ({daysLeft} at this pace)',
  'usage.lessThanADay': 'less than a day left',
  'usage.daysLeft': '{count, plural, one {about # day left} other {about # days left}}',
  'usage.startsFirstConnection': 'Starts when you first connect.',
  'usage.startsAfterCurrent': 'Starts when your current bundle ends.',
  'usage.startsFirstConnectionLasts':
    'Starts when you first connect; lasts {count, plural, one {# day} other {# days}}.',
  'usage.startsAfterCurrentLasts':
    'Starts when your current bundle ends; lasts {count, plural, one {# day} other {# days}}.',

  'invoices.search': 'Search invoices',
  'invoices.searchPlaceholder': 'ICCID or plan',
  'invoices.noMatch': 'No invoices match “{search}”.',
  'invoices.none': 'You have no invoices yet.',
  'invoices.error': 'Your invoices could not be loaded.',
  'invoices.loading': 'Loading your invoices…',
  'invoices.caption': 'Your invoices',
  'invoices.number': 'Invoice number',
  'invoices.date': 'Date',
  'invoices.iccid': 'ICCID',
  'invoices.description': 'Description',
  'invoices.plan': 'Plan',
  'invoices.amount': 'Amount',
  'invoices.pdf': 'Invoice PDF',
  'invoices.download': 'Download PDF',
  'invoices.downloadLabel': 'Download PDF of invoice {number}',
  'invoices.downloadFailed': profileTexts.invoiceDownloadFailed,
  // Request refund: an eSIM never installed, within 14 days (the server decides).
  'refund.title': 'Request a refund',
  'refund.intro': 'You are asking for your money back for the eSIM',
  'refund.check':
    'We first check with our provider that it was never installed on a phone, and that you bought it less than 14 days ago.',
  'refund.cancel':
    'If so, we cancel it straight away: it can no longer be installed and its QR code stops working.',
  'refund.money':
    '{topups, plural, =0 {We give back what you paid for it} one {We give back what you paid for it and for its top-up} other {We give back what you paid for it and for its # top-ups}}: money held on your card is released at once, money taken is refunded to your card within 5 to 10 days.',
  'refund.mail': 'We e-mail you a confirmation.',
  'refund.confirm': 'Refund this eSIM',
  'refund.keep': 'Keep my eSIM',
  'refund.working': 'Refunding…',
  'refund.done': 'Your eSIM was refunded.',
  'refund.failed': 'The refund could not be requested. Please try again.',
  'invoices.refunded': 'Refunded',
  'invoices.refundOf': 'Refund of {number}',
  'invoices.refundedOn': 'Refunded on {date}',
  'invoices.creditNote': 'Credit note',
  'invoices.creditNoteLabel': 'Download credit note {number} of invoice {invoice}',
  'invoices.creditNoteFailed': 'The credit note could not be downloaded. Please try again.',

  'paginator.label': 'Invoice pages',
  'paginator.perPage': 'Items per page:',
  'paginator.range': '{start} – {end} of {total}',
  'paginator.empty': '0 of {total}',
  'paginator.first': 'First page',
  'paginator.previous': 'Previous page',
  'paginator.next': 'Next page',
  'paginator.last': 'Last page',

  // The connection doctor ('Not connecting?'): the verdict and each step, by the server's ids.
  'esim.doctor': 'Not connecting?',
  'doctor.title': 'Not connecting?',
  'doctor.loading': 'Checking your eSIM with the network…',
  'doctor.error': 'Your eSIM could not be checked. Please try again.',
  'doctor.checkedAt': 'Checked {time}',
  'doctor.network': 'Last seen on {network}, {time}.',
  'doctor.network.unknownTime': 'at an unknown time',
  'doctor.steps': 'What to do',
  // No network: what a traveller can check on the phone meanwhile (issue 26).
  'doctor.offline': 'You are offline',
  'doctor.offline.text':
    'Your eSIM cannot be checked without a connection. These steps connect most eSIMs; check again once you are online.',
  'doctor.offline.retry': 'Check again',
  'doctor.verdict.not_installed': 'This eSIM is not installed yet',
  'doctor.verdict.not_installed.text':
    'Your phone has not installed this eSIM, or it is no longer on the phone.',
  'doctor.verdict.no_active_bundle': 'This eSIM has no data left',
  'doctor.verdict.no_active_bundle.text':
    'The eSIM is installed, but its data is used up or its plan has ended.',
  'doctor.verdict.not_attached': 'Your phone is not on a network with this eSIM',
  'doctor.verdict.not_attached.text':
    'The eSIM is installed and has data, but no network has seen it in the last day.',
  'doctor.verdict.not_covered': '{country} is not covered by this eSIM’s plans',
  'doctor.verdict.not_covered.text':
    'Your phone is on a network in {country}, but no plan on this eSIM works there, so no data will load. Roaming settings and the APN cannot change that.',
  'doctor.verdict.attached': 'Your phone is on a network with this eSIM',
  'doctor.verdict.attached.text':
    'The network sees your eSIM. If data still does not load, try these steps.',
  'doctor.step.install_qr': 'Install the eSIM',
  'doctor.step.install_qr.text':
    'On the phone you travel with, open QR Code on this eSIM and scan it, or use the one-tap install link. Stay on Wi-Fi while it installs.',
  'doctor.step.finish_install': 'Turn the line on',
  'doctor.step.finish_install.text':
    'The eSIM reached your phone but is switched off. In Settings, under Mobile data (Cellular on iPhone), turn this line on.',
  'doctor.step.buy_or_top_up': 'Add data',
  'doctor.step.buy_or_top_up.text':
    'Buy a top-up for this eSIM: it is added to the same eSIM, nothing to install again.',
  'doctor.step.buy_or_top_up.action': 'Top up this eSIM',
  'doctor.step.top_up_for_country': 'Add a plan for {country}',
  'doctor.step.top_up_for_country.text':
    'Buy it as a top-up: it is added to this same eSIM, nothing to install again.',
  'doctor.step.top_up_for_country.plan': '{title} — {price}',
  'doctor.step.top_up_for_country.action': 'See plans for {country}',
  'doctor.step.top_up_for_country.none':
    'We sell no plan for {country} yet. Write to us below and we will help you find a way to connect.',
  'doctor.step.turn_on_roaming': 'Turn on data roaming',
  'doctor.step.turn_on_roaming.text':
    'In the settings of this eSIM line, switch Data Roaming on. A travel eSIM always roams, even in the country it is for.',
  'doctor.step.choose_data_line': 'Use this line for mobile data',
  'doctor.step.choose_data_line.text':
    'Choose this eSIM as the line for mobile data (Cellular Data on iPhone, Mobile data on Android), and make sure mobile data is on.',
  'doctor.step.restart_phone': 'Restart your phone',
  'doctor.step.restart_phone.text':
    'Turn the phone off and on again, or switch Airplane mode on for ten seconds and off again.',
  'doctor.step.refresh_network': 'Refresh the network connection',
  'doctor.step.refresh_network.text':
    'We ask the network to drop your eSIM so your phone connects again. The connection stops for a moment.',
  'doctor.step.apn_hint': 'Check the APN',
  'doctor.step.apn_hint.text':
    'If you see the network but no data loads, reset the APN of this line to its default (iPhone: Settings > Cellular > this line > Cellular Data Network; Android: the SIM’s Access Point Names > Reset to default).',
  'doctor.step.apn_hint.set':
    'If you see the network but no data loads, set the APN of this line to {apn} (iPhone: Settings > Cellular > this line > Cellular Data Network; Android: the SIM’s Access Point Names).',
  'doctor.step.contact_support': 'Still not working? Write to us',
  'doctor.step.contact_support.text':
    'Our support team answers 24/7. Your message already holds what we found; add anything you noticed.',
  'doctor.refresh.action': 'Refresh network',
  'doctor.refresh.pending': 'Refreshing…',
  'doctor.refresh.done':
    'The network was asked to reconnect your eSIM. Wait a minute for your phone to connect again.',
  'doctor.refresh.failed': 'The network could not be refreshed. Please try again.',
  'doctor.support.label': 'Your message to support',
  'doctor.support.intro': 'Hello, my eSIM is not connecting. Here is what the check found:',
  'doctor.support.send': 'Send to support',
  'doctor.support.sending': 'Sending…',
  'doctor.support.sent': 'Sent. We will answer you by e-mail soon.',
  'doctor.support.failed': 'Your message could not be sent. Please try again.',
} as const;
