// The Terms and Conditions page's text, section by section, for a configurable brand name.
import { list, paragraph } from './content-block';
import type { LegalSection } from './legal';

export function termsSections(brand: string): LegalSection[] {
  return [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        paragraph(
          `${brand} ("we", "us") runs this website and sells prepaid eSIM data bundles for travellers. These terms apply whenever you use the website, create an account or buy a bundle from us. By doing so you accept them, so please read them carefully.`,
        ),
      ],
    },
    {
      id: 'eligibility',
      heading: 'Who can use the service',
      blocks: [
        list(
          'You must be at least 18 years old and able to enter into a binding contract.',
          'The details you give us (e-mail address, name and mobile number) must be accurate and your own.',
          'You sign in with one-time codes that we send by e-mail, so keep access to your e-mail account secure. You are responsible for purchases made from your account.',
        ),
      ],
    },
    {
      id: 'the-service',
      heading: 'The service',
      blocks: [
        paragraph(
          `${brand} bundles give you mobile data in the countries a plan covers, through our partner networks. They do not include a phone number, calls or text messages unless a plan's description says otherwise.`,
        ),
        paragraph(
          'eSIMs work only on eSIM-compatible phones that are unlocked from any network provider. Checking that your phone is compatible and unlocked before you buy is your responsibility; our FAQ and Setup Guide explain how.',
        ),
        paragraph(
          'Coverage, speed and availability depend on the local partner networks and on conditions outside our control. We work to keep the service available but cannot promise that it will be uninterrupted or error-free everywhere.',
        ),
      ],
    },
    {
      id: 'purchases-and-payment',
      heading: 'Purchases and payment',
      blocks: [
        list(
          'Prices are shown in US dollars. Before you pay, the order summary shows the plan price, VAT, the stamps fee and the total you will be charged.',
          'Every bundle is a one-time purchase. There is no subscription and nothing renews automatically.',
          'You pay by card on the secure, hosted page of our payment provider. We never see, receive or store your card details.',
          'Your order is complete once the payment provider confirms the payment. The eSIM then appears in your profile under My eSIMs, and the invoice under Invoices.',
          'If a payment is rejected or slow, wait 10 minutes and check your account before trying again, so that you are not charged twice.',
        ),
      ],
    },
    {
      id: 'activation-and-validity',
      heading: 'Activation and validity',
      blocks: [
        list(
          'A bundle starts automatically when your phone connects to a supported network with data roaming turned on. You cannot choose a start date. Activation may take up to 10 minutes.',
          'The validity period runs from the moment the bundle starts. Deactivating or disabling the eSIM does not pause or extend it.',
          'Unused data expires at the end of the validity period and is not carried over.',
          'An eSIM can be installed on only one device at a time, and most eSIMs can be installed only once. If you delete an installed eSIM, it may not be possible to install it again.',
          'You can add data to an existing eSIM by buying a top-up from your profile (My eSIMs > Topup).',
        ),
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      blocks: [
        paragraph(
          'You can get a full refund within 14 days of purchase if the eSIM has not been installed or activated. You request it yourself in your profile: choose Request refund on the eSIM under My eSIMs. We check with our provider that the eSIM was never installed, cancel it and pay the money back to the card you used.',
        ),
        paragraph(
          'Once an eSIM has been installed or its bundle has started, or more than 14 days after purchase, the purchase cannot be refunded, except where we failed to deliver the eSIM you paid for.',
        ),
        paragraph(
          'If Request refund says an eSIM cannot be refunded and you believe it should be, contact our support team with the eSIM’s ICCID. This does not affect any rights you have under applicable law that cannot be excluded.',
        ),
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        paragraph('You agree not to:'),
        list(
          'use the service for anything unlawful, fraudulent or harmful to others;',
          'resell or redistribute eSIMs or bundles without our written permission;',
          'interfere with, overload or try to gain unauthorised access to our systems or our partners’ networks;',
          'send spam or run automated traffic that abuses the networks.',
        ),
        paragraph(
          'Unlimited plans may be subject to the fair-use limits described in the plan. We may suspend or end the service, without refund, if you break these rules.',
        ),
      ],
    },
    {
      id: 'liability',
      heading: 'Our liability',
      blocks: [
        paragraph(
          'We are not liable for losses caused by events outside our reasonable control, such as outages or restrictions of partner networks, or by a phone that is not compatible or not unlocked. We are not liable for indirect or consequential losses, such as lost profits, lost business or missed travel arrangements.',
        ),
        paragraph(
          'To the extent the law allows, our total liability to you for any claim is limited to the greater of the price you paid for your last plan or USD 100.',
        ),
        paragraph('Nothing in these terms limits liability that cannot be limited by law.'),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        paragraph(
          'We may update these terms from time to time. The date at the top of this page shows when they last changed. The terms in force when you buy a bundle apply to that purchase; continuing to use the service after a change means you accept the updated terms.',
        ),
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law',
      blocks: [
        paragraph(
          'These terms are governed by Lebanese law. Any dispute arising from them or from the service falls under the jurisdiction of the courts of Beirut.',
        ),
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [
        paragraph(
          `Questions about these terms, refunds or your orders? Write to us through the contact form on the Contact Us page. The ${brand} support team is available 24/7.`,
        ),
      ],
    },
  ];
}
