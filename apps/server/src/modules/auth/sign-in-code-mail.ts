// The e-mail that carries a sign-in code, in the shop's brand.

import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import type { MailMessage } from '../../integrations/mail/mailer';

export function signInCodeMail(options: {
  brandName: string;
  to: string;
  code: string;
  validMinutes: number;
}): MailMessage {
  const content = {
    brandName: options.brandName,
    heading: `Your ${options.brandName} sign-in code`,
    paragraphs: [
      'Enter this code to sign in:',
      `It works once, within ${options.validMinutes} minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.`,
    ],
    highlight: options.code,
  };
  return {
    to: options.to,
    subject: `Your ${options.brandName} sign-in code`,
    text: mailText(content),
    html: mailHtml(content),
    devLogLine: `Sign-in code for ${options.to}: ${options.code}`,
  };
}
