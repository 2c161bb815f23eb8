// The e-mail a contact-form message becomes: to the support team, replies to the visitor.
import type { ContactRequest } from '@tern/contract';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import type { MailMessage } from '../../integrations/mail/mailer';

export function supportMail(options: {
  brandName: string;
  supportAddress: string;
  contact: ContactRequest;
}): MailMessage {
  const { brandName, contact } = options;
  const content = {
    brandName,
    heading: `Contact form message from ${contact.email}`,
    paragraphs: [`From: ${contact.email}`, contact.body, 'Reply to this e-mail to answer them.'],
  };
  return {
    to: options.supportAddress,
    replyTo: contact.email,
    subject: `[${brandName}] Contact form message from ${contact.email}`,
    text: mailText(content),
    html: mailHtml(content),
  };
}
