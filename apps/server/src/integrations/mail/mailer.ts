/**
 * The one way the shop sends e-mail. Production sends through SMTP; without an SMTP
 * server the dev mailbox keeps each message for people and tests to read.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go, e.g. the visitor who wrote through the contact form. */
  replyTo?: string;
  /**
   * A line for the dev mailbox to print to the log (a sign-in code, say), so a developer
   * can sign in without opening the mailbox. SMTP never uses it.
   */
  devLogLine?: string;
  /**
   * Images the HTML shows as `<img src="cid:ID">`, sent as inline parts of the message.
   * Gmail and Outlook block `data:` images, so a picture the reader needs travels this way.
   */
  inlineImages?: InlineImage[];
}

export interface InlineImage {
  /** The Content-ID the HTML refers to, without `cid:`. */
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
}

export interface Mailer {
  /** Resolves once the message is handed over; rejects when it could not be. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
