import { describe, expect, it } from 'vitest';
import { countedMailer, type MailMessage, type MailOutcome } from './mailer';

const message: MailMessage = { to: 'a@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };

/** A mailer whose sends end as told, one after another. */
function mailerFailingWith(...errors: (Error | undefined)[]) {
  let sent = 0;
  return {
    send: async () => {
      const error = errors[sent++];
      if (error) throw error;
    },
    close: async () => {},
  };
}

const smtpError = (fields: { code?: string; responseCode?: number }) =>
  Object.assign(new Error('smtp'), fields);

describe('a counted mailer', () => {
  it('counts each message by how its hand-over ended, and still fails the sender', async () => {
    const outcomes: MailOutcome[] = [];
    const mailer = countedMailer(
      mailerFailingWith(
        undefined,
        smtpError({ code: 'EENVELOPE', responseCode: 550 }),
        smtpError({ code: 'EENVELOPE', responseCode: 421 }),
        smtpError({ code: 'ETIMEDOUT' }),
        smtpError({ code: 'ECONNREFUSED' }),
        new Error('the template broke'),
      ),
      (outcome, seconds) => {
        outcomes.push(outcome);
        expect(seconds).toBeGreaterThanOrEqual(0);
      },
    );
    await mailer.send(message);
    for (let failing = 0; failing < 5; failing += 1) {
      await expect(mailer.send(message)).rejects.toThrow();
    }
    expect(outcomes).toEqual(['ok', '5xx', '4xx', 'timeout', 'network', 'error']);
  });
});
