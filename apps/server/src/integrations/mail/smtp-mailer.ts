/**
 * Sends e-mail through the SMTP server of `SMTP_URL` (nodemailer). Options such as
 * `?ignoreTLS=true` or `?pool=true` ride on the URL's query string; `user:password@` in it
 * logs in, and STARTTLS is used whenever the server offers it.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  url: string;
  /** The From header, e.g. "Tern <no-reply@tern.example>". */
  from: string;
  /**
   * Certificates (PEM) the server's must be signed by, instead of the public authorities: a
   * relay with a private authority, or the SMTP catcher's self-signed one (SMTP_CA_FILE).
   */
  ca?: string | undefined;
  /** Attempts after the first one, on a temporary failure only. */
  retries?: number;
  /** First pause before another attempt; it doubles on each. */
  backoffMs?: number;
}

// A stuck SMTP server must not hold a visitor's request for minutes.
const TEN_SECONDS_MS = 10_000;
// Small, as a visitor may be waiting (a sign-in code): the jobs that send the other mails try
// again later on their own, with their own back-off, once these are spent.
const DEFAULT_RETRIES = 2;
const DEFAULT_BACKOFF_MS = 250;

/**
 * A client span for each hand-over when tracing is on (decision 0044): nodemailer speaks over
 * plain sockets, which no instrumentation names. Without tracing this tracer does nothing.
 */
const tracer = trace.getTracer('tern-smtp');

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const server = new URL(options.url);
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: TEN_SECONDS_MS,
    greetingTimeout: TEN_SECONDS_MS,
    socketTimeout: TEN_SECONDS_MS,
    // The URL's own tls.* settings still win (nodemailer merges them over these).
    ...(options.ca === undefined ? {} : { tls: { ca: options.ca } }),
  });
  const retries = options.retries ?? DEFAULT_RETRIES;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  return {
    async send(message) {
      const mail = {
        from: options.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.inlineImages,
      };
      for (let attempt = 0; ; attempt += 1) {
        try {
          await handOver(transport, mail, server);
          return;
        } catch (error) {
          if (attempt >= retries || !isTemporary(error)) throw error;
          await pause(backoffDelay(backoffMs, attempt));
        }
      }
    },
    async close() {
      transport.close();
    },
  };
}

function handOver(transport: Transporter, mail: SendMailOptions, server: URL): Promise<void> {
  const attributes = {
    'server.address': server.hostname,
    ...(server.port ? { 'server.port': Number(server.port) } : {}),
  };
  return tracer.startActiveSpan(
    'smtp send',
    { kind: SpanKind.CLIENT, attributes },
    async (span) => {
      try {
        await transport.sendMail(mail);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * A 4yz reply is a transient failure the client SHOULD try again, a 5yz a permanent one it must
 * not (RFC 5321 section 4.2.1). A connection closed, reset or refused is to be treated as a 451
 * (section 4.5.4.1: https://www.rfc-editor.org/rfc/rfc5321#section-4.5.4.1). Not tried again
 * here: a timeout, which already held the caller for seconds, and a certificate refused.
 */
function isTemporary(error: unknown): boolean {
  const { responseCode, code, originalCode } = (error ?? {}) as NodemailerError;
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  if (code === 'ECONNECTION') return true;
  return code === 'ESOCKET' && typeof originalCode === 'string' && LOST.has(originalCode);
}

/** What nodemailer adds to an error: its own code, and the system's code it replaced. */
interface NodemailerError {
  responseCode?: unknown;
  code?: unknown;
  originalCode?: unknown;
}

/** System codes of a connection that broke or was never made (a certificate refused is none). */
const LOST = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE']);

/** The upper half of a doubling delay, so instances that failed together do not retry together. */
function backoffDelay(backoffMs: number, attempt: number): number {
  const delay = backoffMs * 2 ** attempt;
  return delay / 2 + Math.random() * (delay / 2);
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
