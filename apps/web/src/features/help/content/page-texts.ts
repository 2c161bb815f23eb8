// The help pages' own words (titles, introductions, the esim-alert check, the contact page and its form), in English, for a configurable brand name.
import { accountMessages } from '@tern/contract/account-texts';

/** A sentence with one emphasised part, such as "dial *#06#." with the code in bold. */
export type EmphasisedSentence = { before: string; emphasis: string; after: string };

export type HelpPageTexts = {
  faq: { title: string; description: string; intro: string; stillHaveQuestions: string };
  guide: {
    title: string;
    description: string;
    intro: string;
    needMoreHelp: string;
    phoneType: string;
    previous: string;
    next: string;
    stepOf: (step: number, total: number) => string;
    /**
     * Why the plan pages say "Activate before your trip" while the steps keep the eSIM off
     * until arrival: install early, switch on on arrival, the days count from the first connection.
     */
    beforeYouTravel: { heading: string; steps: string[] };
  };
  terms: { title: string; description: string };
  privacy: { title: string; description: string };
  esimAlert: {
    title: string;
    description: string;
    intro: string;
    dialStep: EmphasisedSentence;
    eidStep: EmphasisedSentence;
    unlockedStep: string;
    supported: string;
    notSupported: string;
  };
  contact: {
    title: string;
    description: string;
    heading: string;
    intro: string;
    form: ContactFormTexts;
  };
  supportAvailable: string;
  contactSupport: string;
  lastUpdated: string;
  contents: string;
};

/** The contact form's words: its name, fields, button, outcomes and the rules' messages. */
export type ContactFormTexts = {
  name: string;
  emailLabel: string;
  emailPlaceholder: string;
  messageLabel: string;
  messagePlaceholder: string;
  send: string;
  sent: string;
  failed: string;
  dismiss: string;
  invalidEmail: string;
  emptyMessage: string;
};

export function helpPageTexts(brand: string): HelpPageTexts {
  return {
    faq: {
      title: 'Frequently Asked Questions',
      description: `Answers to common questions about ${brand} eSIMs: compatible phones, installing, bundles, payment and troubleshooting.`,
      intro: `Find answers to common questions about ${brand} eSIM`,
      stillHaveQuestions: 'Still have questions?',
    },
    guide: {
      title: 'eSIM Setup Guide',
      description: `Step-by-step instructions to install and activate your ${brand} eSIM on iPhone and Android.`,
      intro: 'Follow these simple steps to activate your eSIM',
      needMoreHelp: 'Need more help?',
      phoneType: 'Phone type',
      previous: 'Previous',
      next: 'Next',
      stepOf: (step, total) => `Step ${step} of ${total}`,
      beforeYouTravel: {
        heading: 'Install before you travel, switch on when you arrive',
        steps: [
          'Install the eSIM before you travel, at home on Wi-Fi: this is what “Activate before your trip” on the plan pages means.',
          'Keep its line off, with data roaming off, until you arrive, as the steps below show.',
          'When you arrive, turn the eSIM line and its data roaming on.',
          'Your plan’s days start only when the eSIM first connects to a network in a country the plan covers, not when you install it.',
        ],
      },
    },
    terms: {
      title: 'Terms and Conditions',
      description: `The terms for using ${brand} and buying eSIM data bundles: eligibility, payment, activation, refunds and liability.`,
    },
    privacy: {
      title: 'Privacy Policy',
      description: `What personal data ${brand} keeps, why, who it is shared with, how long it is kept and your rights.`,
    },
    esimAlert: {
      title: 'Is your phone eSIM compatible?',
      description: `Check that your phone supports eSIM and is unlocked before you buy a ${brand} data plan.`,
      intro: `${brand} eSIMs work only on phones that support eSIM. Check yours in a few seconds:`,
      dialStep: { before: 'Open your phone’s dialler and dial ', emphasis: '*#06#', after: '.' },
      eidStep: {
        before: 'If an ',
        emphasis: 'EID',
        after: ' (a long number identifying the eSIM chip) appears, your phone supports eSIM.',
      },
      unlockedStep:
        'Your phone must also be unlocked from any network provider (carrier-unlocked).',
      supported: 'Yes, my phone supports eSIM',
      notSupported: 'No, my phone does not support eSIM',
    },
    contact: {
      title: 'Contact Us',
      description: `Write to the ${brand} support team, available 24/7, about your eSIM or your order.`,
      heading: "We're Here to Help You",
      intro:
        "Our support team is available 24/7. Send us a message and we'll get back to you soon.",
      // The spec's words (spec sections 2 and 8).
      form: {
        name: 'Contact support',
        emailLabel: 'Your Email Address',
        emailPlaceholder: 'you@example.com',
        messageLabel: 'Your Message',
        messagePlaceholder: 'How can we help you today?',
        send: 'Send Message',
        sent: accountMessages.contactSent,
        failed: accountMessages.contactFailed,
        dismiss: 'Dismiss',
        invalidEmail: accountMessages.invalidEmail,
        emptyMessage: accountMessages.emptyMessage,
      },
    },
    supportAvailable: 'Our support team is available 24/7.',
    contactSupport: 'Contact our support team',
    lastUpdated: 'Last updated',
    contents: 'Contents',
  };
}
