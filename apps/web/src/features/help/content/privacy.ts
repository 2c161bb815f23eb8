// The Privacy Policy page's text, section by section, for a configurable brand name.
import { list, paragraph } from './content-block';
import type { LegalSection } from './legal';

export function privacySections(brand: string): LegalSection[] {
  return [
    {
      id: 'about-this-policy',
      heading: 'About this policy',
      blocks: [
        paragraph(
          `This policy explains what personal data ${brand} ("we", "us") collects when you use our website and buy eSIM data bundles, why we need it, how long we keep it and the choices you have.`,
        ),
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we keep',
      blocks: [
        list(
          'Your account details: e-mail address, name and mobile number.',
          'Your orders: the plan, destination, price, date and the payment provider’s reference for each purchase.',
          'Your eSIMs and invoices: eSIM identifiers such as the ICCID, the install details shown in your profile, the data usage of your bundles and your invoices.',
          'Messages you send us through the contact form, with the e-mail address you give.',
          'Basic technical records kept by our servers, such as the time of a request and the IP address it came from, to keep the service secure and working.',
        ),
        paragraph(
          'To keep you signed in, your browser stores a sign-in token and your account name and e-mail address. Signing out removes them.',
        ),
      ],
    },
    {
      id: 'card-data',
      heading: 'Payments and card data',
      blocks: [
        paragraph(
          `We never receive or store your card data. When you pay, you enter your card details on the secure, hosted page of our payment gateway, which processes the payment. ${brand} only learns whether the payment succeeded, together with a payment reference.`,
        ),
      ],
    },
    {
      id: 'sign-in-codes',
      heading: 'Signing in with e-mail codes',
      blocks: [
        paragraph(
          'We do not use passwords. To sign in or register, we send a one-time code to your e-mail address. Each code works only once and only for a short time, and is used for nothing else.',
        ),
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'How we use your data',
      blocks: [
        list(
          'To create and run your account and sign you in.',
          'To take your orders, deliver your eSIMs and bundles, and issue invoices.',
          'To show you your eSIMs, usage and invoices in your profile.',
          'To answer your messages and give you support.',
          'To prevent fraud and abuse, and to meet our legal and tax obligations.',
        ),
        paragraph(
          'We do not sell your personal data, and we do not use it for third-party advertising.',
        ),
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      blocks: [
        paragraph('We share only what each one needs to do its job for us:'),
        list(
          'our payment gateway, to take your payment;',
          'our eSIM network partner, to issue your eSIM and bundles and report their usage;',
          'our e-mail provider, to deliver sign-in codes and our replies;',
          'public authorities, when the law requires us to.',
        ),
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        list(
          'Account details: for as long as your account is open. When you ask us to delete your account, we delete them, apart from what we must keep by law.',
          'Orders and invoices: for as long as tax and accounting law requires.',
          'Contact messages: for as long as we need them to resolve your request.',
          'Sign-in codes: they expire shortly after we send them and cannot be used again.',
          'Technical records: only for a short period, unless we need them to investigate misuse.',
        ),
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        paragraph('You can ask us to:'),
        list(
          'give you access to the personal data we hold about you;',
          'correct data that is wrong or incomplete;',
          'delete your data and close your account, except where we must keep records by law.',
        ),
        paragraph(
          'Send your request through the contact form, from the e-mail address of your account so that we can confirm it is you.',
        ),
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        paragraph(
          `${brand} is not meant for children under 13, and we do not knowingly collect their personal data. If you believe a child under 13 has given us personal data, contact us and we will delete it. Buying a bundle requires you to be at least 18, as our Terms and Conditions explain.`,
        ),
      ],
    },
    {
      id: 'changes-and-contact',
      heading: 'Changes and contact',
      blocks: [
        paragraph(
          'We may update this policy; the date at the top of this page shows when it last changed. For any question about your personal data, write to us through the contact form on the Contact Us page.',
        ),
      ],
    },
  ];
}
