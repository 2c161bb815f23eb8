// The FAQ page's questions and answers, grouped in the four categories the page shows, for a configurable brand name.
import { type ContentBlock, list, paragraph } from './content-block';

export type FaqAnswerBlock = ContentBlock;
export type FaqItem = { id: string; question: string; answer: FaqAnswerBlock[] };
export type FaqCategory = { id: string; title: string; items: FaqItem[] };

export function faqCategories(brand: string): FaqCategory[] {
  return [
    { id: 'about-esims', title: 'About eSIMs', items: aboutEsims(brand) },
    { id: 'using-your-esim', title: 'Using your eSIM', items: usingYourEsim(brand) },
    { id: 'bundle-details', title: 'eSIM Bundle Details', items: bundleDetails(brand) },
    { id: 'troubleshooting', title: 'Troubleshooting', items: troubleshooting(brand) },
  ];
}

function aboutEsims(brand: string): FaqItem[] {
  return [
    {
      id: 'what-is-an-esim',
      question: 'What is an eSIM?',
      answer: [
        paragraph(
          'An eSIM is a digital SIM built into your phone. Instead of inserting a plastic SIM card, you download a mobile plan straight onto the phone by scanning a QR code or tapping an install link.',
        ),
        paragraph(
          `With a ${brand} eSIM you get mobile data abroad without hunting for a local SIM card on arrival, and your regular SIM card stays in your phone.`,
        ),
      ],
    },
    {
      id: 'how-it-works',
      question: `How does a ${brand} eSIM work?`,
      answer: [
        list(
          'Pick your destination country or region and choose a data bundle.',
          'Pay once by card on a secure payment page. There is no subscription.',
          'Install the eSIM from your profile (My eSIMs) by QR code, one-tap install link or manual entry, ideally before you travel.',
          'When you arrive, turn on the eSIM line and data roaming. The bundle starts automatically as soon as the phone connects to a supported network.',
        ),
      ],
    },
    {
      id: 'compatible-phones',
      question: 'Which phones support eSIM?',
      answer: [
        paragraph(
          'The quickest check is to dial *#06# on your phone. If an EID (a long number identifying the eSIM chip) appears, your phone supports eSIM.',
        ),
        paragraph('Most recent flagship phones support eSIM, for example:'),
        list(
          'Apple iPhone XS, XS Max, XR and later models (iPhone SE 2nd generation and later too)',
          'Google Pixel 3 and later (Pixel 3a and later too)',
          'Samsung Galaxy S20 and later, and the Galaxy Z Fold and Z Flip series',
          'Many recent models from Motorola, OnePlus, Oppo, Sony, Xiaomi and other brands',
        ),
        paragraph(
          'Support can differ by country and by the carrier that sold the phone, so some versions of these models have no eSIM. Always confirm with *#06#. Your phone must also be unlocked from any network provider, as explained in "How do I know if my phone is unlocked?".',
        ),
      ],
    },
    {
      id: 'phone-unlocked',
      question: 'How do I know if my phone is unlocked?',
      answer: [
        paragraph(
          `A ${brand} eSIM only works on a phone that is not locked to a network provider.`,
        ),
        list(
          'iPhone: go to Settings > General > About and find Carrier Lock. "No SIM restrictions" means your iPhone is unlocked.',
          'Android: there is no single setting on every model. Ask the carrier that sold you the phone, or try a SIM card from a different network: if it connects, the phone is unlocked.',
        ),
        paragraph(
          'If your phone is locked, ask your carrier to unlock it before you buy or install an eSIM.',
        ),
      ],
    },
    {
      id: 'keep-my-sim',
      question: 'Can I keep my regular SIM card and phone number?',
      answer: [
        paragraph(
          'Yes. eSIM phones can hold your regular SIM and a travel eSIM side by side. Your home number stays on your regular SIM, so you can still receive calls and texts on it.',
        ),
        paragraph(
          `${brand} bundles are data plans and do not come with a phone number. Calls and texts on your home line while abroad may be charged as roaming by your home carrier; apps that call over the internet use your eSIM data instead.`,
        ),
      ],
    },
    {
      id: 'eid-and-iccid',
      question: 'What are the EID and the ICCID?',
      answer: [
        list(
          'EID: the number of your phone’s eSIM chip. It appears when you dial *#06# and shows that the phone supports eSIM.',
          'ICCID: the number of one eSIM. You find it for each eSIM in your profile under My eSIMs, and in your phone’s settings once the eSIM is installed.',
        ),
        paragraph(
          'If the ICCID in your phone’s settings matches the one in My eSIMs, that eSIM is already installed on your phone. Quote the ICCID whenever you contact support.',
        ),
      ],
    },
  ];
}

function usingYourEsim(brand: string): FaqItem[] {
  return [
    {
      id: 'how-to-install',
      question: 'How do I install my eSIM?',
      answer: [
        paragraph(
          'Make sure your phone has a stable internet connection (Wi-Fi is best), then use one of these methods. Each eSIM’s details are in your profile under My eSIMs.',
        ),
        list(
          'QR code: open QR Code for the eSIM on another screen (a computer, a tablet or a printout) and scan it from your phone’s settings.',
          'One-tap install link: on an iPhone with iOS 17.4 or later and on supported Android phones, open the install link on the phone itself and follow the prompts.',
          'Manual entry: in your phone’s settings choose to enter the details manually and type the SM-DP+ address and the activation code.',
        ),
        paragraph(
          'Our step-by-step Setup Guide walks you through every screen on iPhone and Android.',
        ),
      ],
    },
    {
      id: 'when-to-install',
      question: 'When should I install my eSIM?',
      answer: [
        paragraph(
          'Install it before you travel, while you have a reliable Wi-Fi connection at home. Installing alone does not start your bundle: it starts when the phone connects to a supported network with data roaming on.',
        ),
        paragraph(
          'After installing, keep the eSIM line turned off until you arrive. This avoids roaming charges and keeps the phone from using the bundle too early.',
        ),
        paragraph(
          'This is what “Activate before your trip” on the plan pages means: the eSIM is on your phone before you leave, and your plan’s days start only when it first connects to a network in a country the plan covers.',
        ),
      ],
    },
    {
      id: 'activate-on-arrival',
      question: 'How do I start using my eSIM when I arrive?',
      answer: [
        list(
          'Turn on the eSIM line in your phone’s cellular or mobile data settings.',
          'Turn on Data Roaming for the eSIM line.',
          'Select the eSIM as the line for mobile data.',
          'Wait a few minutes: activation may take up to 10 minutes.',
        ),
        paragraph(
          'If you still have no connection after 10 minutes, turn airplane mode on and off again or restart the phone, then see "My eSIM is installed but I have no internet" under Troubleshooting.',
        ),
      ],
    },
    {
      id: 'why-data-roaming',
      question: 'Why must data roaming be on?',
      answer: [
        paragraph(
          `Your ${brand} eSIM connects to partner networks in the countries it covers, so your phone treats it as roaming. With data roaming off for the eSIM line, the phone will not use it and your bundle cannot start.`,
        ),
        paragraph(
          'Turn data roaming on for the eSIM line only. Keeping it off for your home SIM protects you from your home carrier’s roaming charges.',
        ),
      ],
    },
    {
      id: 'check-data-usage',
      question: 'How do I check how much data I have left?',
      answer: [
        paragraph(
          'Sign in, open your profile, go to My eSIMs and choose Usage for the eSIM. You will see each bundle with the data it started with and the data remaining.',
        ),
        paragraph(
          'The counter in your phone’s settings may differ from ours because it counts differently and is reset on its own schedule. Your profile shows the figure that counts.',
        ),
      ],
    },
    {
      id: 'top-up',
      question: 'How do I add more data to my eSIM?',
      answer: [
        paragraph(
          'Open your profile, go to My eSIMs and choose Topup on the eSIM you want to extend. Pick a plan and pay as usual; the new bundle is added to the same eSIM.',
        ),
        paragraph(
          'There is nothing to reinstall, so keep the eSIM on your phone if you might need more data later.',
        ),
      ],
    },
    {
      id: 'switch-back-home',
      question: 'How do I go back to my home SIM after my trip?',
      answer: [
        list(
          'Select your home SIM as the line for mobile data.',
          'Turn off the eSIM line.',
          'Check that data roaming is off for your home SIM if you are still abroad.',
        ),
        paragraph(
          'You do not need to delete the eSIM. Most eSIMs can be installed only once, so deleting it means you cannot reinstall it or top it up for your next trip.',
        ),
      ],
    },
  ];
}

function bundleDetails(brand: string): FaqItem[] {
  return [
    {
      id: 'when-bundle-starts',
      question: 'When does my bundle start?',
      answer: [
        paragraph(
          'Your bundle starts automatically when your phone connects to a supported network with data roaming turned on. Its validity period is counted from that moment.',
        ),
        paragraph(
          'You cannot choose a start date, so keep the eSIM line off until you arrive at your destination.',
        ),
      ],
    },
    {
      id: 'auto-renew',
      question: 'Will my bundle renew automatically?',
      answer: [
        paragraph(
          `No. Every ${brand} bundle is a one-time purchase with no auto-renew and no subscription. You are charged once, when you buy.`,
        ),
        paragraph('If you need more data, buy a top-up from your profile (My eSIMs > Topup).'),
      ],
    },
    {
      id: 'unused-data',
      question: 'What happens to data I do not use?',
      answer: [
        paragraph(
          'Unused data expires at the end of the bundle’s validity period. It is not carried over to a later bundle or to another eSIM.',
        ),
      ],
    },
    {
      id: 'pause-bundle',
      question: 'Can I pause my bundle by turning the eSIM off?',
      answer: [
        paragraph(
          'No. Once the bundle has started, its validity period keeps running. Deactivating or disabling the eSIM, or turning off the line, does not extend the validity.',
        ),
      ],
    },
    {
      id: 'one-device',
      question: 'Can I use my eSIM on more than one device?',
      answer: [
        paragraph(
          'No. An eSIM can be installed on only one device at a time, and most eSIMs can be installed only once. Install it on the phone you will travel with.',
        ),
        paragraph(
          'If you delete the eSIM or change phones, contact support before you try to install it again.',
        ),
      ],
    },
    {
      id: 'coverage',
      question: 'Where does my bundle work?',
      answer: [
        paragraph(
          'A country bundle works in that country. A regional bundle works in every country of its region; choose View Regions on the plan to see the full list before you buy.',
        ),
        paragraph(
          'The bundle works only on the supported networks in those countries. Outside them the eSIM will not connect, and the data will not be used.',
        ),
      ],
    },
    {
      id: 'price-breakdown',
      question: 'What is included in the price?',
      answer: [
        paragraph(
          'Prices are in US dollars. Before you pay, the order summary shows the plan price, 11% VAT, the stamps fee and the total. The total is all you pay; there are no later charges from us.',
        ),
      ],
    },
    {
      id: 'payment-security',
      question: 'How do I pay, and is my card safe?',
      answer: [
        paragraph(
          `You pay by card on the secure, hosted page of our payment provider. Your card details go straight to the payment provider: ${brand} never sees, receives or stores them.`,
        ),
      ],
    },
    {
      id: 'invoices',
      question: 'Where can I find my invoices?',
      answer: [
        paragraph(
          'Open your profile and go to Invoices. Each purchase is listed with its invoice number, date, ICCID, description and amount, and you can download each invoice as a PDF.',
        ),
      ],
    },
    {
      id: 'refunds',
      question: 'Can I get a refund?',
      answer: [
        paragraph(
          'Yes, within 14 days of purchase, as long as the eSIM has not been installed or activated. Refund it yourself: open your profile, go to My eSIMs and choose Request refund on that eSIM. It is cancelled at once and the money goes back to the card you paid with.',
        ),
        paragraph(
          'An eSIM that has been installed, or was bought more than 14 days ago, cannot be refunded, except where we failed to deliver it.',
        ),
        paragraph(
          'If Request refund says the eSIM cannot be refunded and you think it should be, contact our support team with the eSIM’s ICCID. The Terms and Conditions give the full details.',
        ),
      ],
    },
  ];
}

function troubleshooting(brand: string): FaqItem[] {
  return [
    {
      id: 'error-unable-to-complete-plan-change',
      question: 'What does "Unable to Complete Cellular Plan Change" mean?',
      answer: [
        paragraph('Your phone could not add the eSIM. The usual causes and fixes are:'),
        list(
          'Too many eSIMs on the phone: remove an eSIM you are sure you no longer need, then try again.',
          'The eSIM is already installed: look for it in your cellular or mobile data settings before reinstalling. Most eSIMs can be installed only once.',
          'Poor connection: connect to a stable Wi-Fi network and try again.',
          'Mobile data is off: if you are not on Wi-Fi, turn on mobile data for your current SIM so the phone can download the eSIM.',
        ),
      ],
    },
    {
      id: 'error-code-no-longer-valid',
      question: 'What does "This code is no longer valid" mean?',
      answer: [
        paragraph('The phone could not use the QR code. This usually happens because:'),
        list(
          'The QR code was not scanned properly: show the whole code large and sharp on another screen, with no glare, and scan it again with a good internet connection.',
          'The eSIM is already installed, on this phone or another one: compare the ICCID in your phone’s settings (on iPhone, Settings > General > About) with the ICCID in My eSIMs. If they match, the eSIM is already on your phone and you do not need to scan again.',
        ),
        paragraph(
          'If the eSIM is not on your phone and the code still fails, contact support with the ICCID.',
        ),
      ],
    },
    {
      id: 'error-pdp-authentication-failure',
      question: 'What does "PDP Authentication Failure" mean?',
      answer: [
        paragraph('The eSIM reached a network but could not open a data connection. Check:'),
        list(
          'No valid data: the bundle may be used up or expired. Check Usage in My eSIMs and top up if needed.',
          'APN mismatch: the APN of the eSIM line must match the one for your eSIM. Reset it to the default (on iPhone: Settings > Cellular > your eSIM > Cellular Data Network; on Android: the SIM’s Access Point Names), or enter exactly the APN support gives you.',
          'Unsupported network: the phone may be on a network your bundle does not cover. Turn off automatic network selection and pick another network, or check the plan’s coverage.',
        ),
      ],
    },
    {
      id: 'error-carrier-cannot-be-added',
      question: 'What does "Cellular Plans From This Carrier Cannot be Added" mean?',
      answer: [
        paragraph(
          'Your phone is locked to a network provider, so it refuses eSIMs from other carriers.',
        ),
        list(
          'Check the lock: on iPhone, Settings > General > About > Carrier Lock must show "No SIM restrictions".',
          'Ask the carrier that sold you the phone to unlock it.',
          'Once the phone is unlocked, install the eSIM again with the same QR code.',
        ),
      ],
    },
    {
      id: 'no-internet-after-install',
      question: 'My eSIM is installed but I have no internet. What can I do?',
      answer: [
        list(
          'Make sure the eSIM line is turned on.',
          'Turn on Data Roaming for the eSIM line.',
          'Select the eSIM as the line for mobile data, and turn off automatic switching to your home SIM.',
          'Wait up to 10 minutes after first connecting: activation can take that long.',
          'Turn airplane mode on and off again, or restart the phone.',
          'Check that you are in a country your bundle covers and that data remains (My eSIMs > Usage).',
        ),
        paragraph('Still stuck? Contact our support team, available 24/7.'),
      ],
    },
    {
      id: 'payment-rejected-or-slow',
      question: 'My payment was rejected or is taking a long time. What should I do?',
      answer: [
        paragraph(
          'Wait 10 minutes, then check your account (My eSIMs and Invoices in your profile) before you try again. A slow payment often completes on its own, and retrying too soon could charge you twice.',
        ),
        paragraph(
          'If the order is still missing after 10 minutes, try again or contact support with the time of the attempt.',
        ),
      ],
    },
    {
      id: 'contact-support',
      question: 'How do I contact support?',
      answer: [
        paragraph(
          `The ${brand} support team is available 24/7. Send us a message through the Contact Us page and we will reply by e-mail.`,
        ),
        paragraph(
          'To help us answer quickly, use the e-mail address of your account and include the eSIM’s ICCID, your phone model and any error message you see.',
        ),
      ],
    },
  ];
}
