/**
 * Sends e-mail through the SMTP server of `SMTP_URL` (nodemailer). Options such as
 * `?ignoreTLS=true` or `?pool=true` ride on the URL's query string.
 */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  url: string;
  /** The From header, e.g. "Tern <no-reply@tern.example>". */
  from: string;
}

// A stuck SMTP server must not hold a visitor's request for minutes.
const TEN_SECONDS_MS = 10_000;

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: TEN_SECONDS_MS,
    greetingTimeout: TEN_SECONDS_MS,
    socketTimeout: TEN_SECONDS_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.inlineImages,
      });
    },
    async close() {
      transport.close();
    },
  };
}
