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

/**
 * How one message's hand-over ended, in the words of the HTTP clients' outcomes (a metric's
 * label): an SMTP refusal by its reply class (4xx try later, 5xx refused), no answer in time,
 * no connection, or something else that went wrong (`error`).
 */
export type MailOutcome = 'ok' | `${number}xx` | 'timeout' | 'network' | 'error';

export type MailCounter = (outcome: MailOutcome, seconds: number) => void;

/** Nodemailer's codes for a connection that failed or broke off. */
export const SMTP_UNREACHABLE: ReadonlySet<string> = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
]);

/** The same mailer, each message timed and counted (the operator's metrics). */
export function countedMailer(mailer: Mailer, count: MailCounter): Mailer {
  return {
    async send(message) {
      const started = performance.now();
      try {
        await mailer.send(message);
        count('ok', (performance.now() - started) / 1000);
      } catch (error) {
        count(mailOutcome(error), (performance.now() - started) / 1000);
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

function mailOutcome(error: unknown): MailOutcome {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return `${Math.floor(responseCode / 100)}xx`;
  if (code === 'ETIMEDOUT') return 'timeout';
  return typeof code === 'string' && SMTP_UNREACHABLE.has(code) ? 'network' : 'error';
}
