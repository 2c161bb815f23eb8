/**
 * Passes a contact-form message to the support mailbox. The visitor only learns whether
 * it went; why it did not goes to the log.
 */
import { accountMessages, type ContactRequest, type MessageResponse } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { supportMail } from './support-mail';

export interface SupportDependencies {
  mailer: Mailer;
  brandName: string;
  supportAddress: string;
  log: FastifyBaseLogger;
}

export type SupportService = ReturnType<typeof createSupportService>;

export function createSupportService(deps: SupportDependencies) {
  async function sendContactMessage(contact: ContactRequest): Promise<MessageResponse> {
    const mail = supportMail({
      brandName: deps.brandName,
      supportAddress: deps.supportAddress,
      contact,
    });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error }, 'the contact-form e-mail could not be sent');
      throw new HttpError(503, 'accountMessages.contactFailed');
    }
    return { message: accountMessages.contactSent };
  }

  return { sendContactMessage };
}
