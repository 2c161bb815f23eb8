// The e-mail that carries a sign-in code, in the shop's brand and the reader's language.

import type { Language } from '@tern/contract';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import { mailTexts } from '../../integrations/mail/mail-texts';
import type { MailMessage } from '../../integrations/mail/mailer';

export function signInCodeMail(options: {
  brandName: string;
  to: string;
  code: string;
  validMinutes: number;
  language: Language;
}): MailMessage {
  const texts = mailTexts[options.language];
  const content = {
    brandName: options.brandName,
    language: options.language,
    heading: texts.codeSubject(options.brandName),
    paragraphs: [texts.codeEnter, texts.codeValidity(options.validMinutes)],
    highlight: options.code,
  };
  return {
    to: options.to,
    subject: texts.codeSubject(options.brandName),
    text: mailText(content),
    html: mailHtml(content),
    devLogLine: `Sign-in code for ${options.to}: ${options.code}`,
  };
}
