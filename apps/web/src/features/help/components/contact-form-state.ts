/**
 * The contact form's rules (spec section 5), from the contract's schema: an e-mail
 * address (a domain with a top-level part of two letters or more, or a bracketed IPv4
 * address) and a message that is not blank. No length limits. Also which field a message
 * of the server belongs to.
 */
import { accountMessages } from '@tern/contract/account-texts';
import { type ContactRequest, contactRequestSchema } from '@tern/contract/accounts';

export interface ContactValues {
  email: string;
  body: string;
}

export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export interface ContactCheck {
  errors: ContactErrors;
  /** What to send, present only when the form is valid. */
  request: ContactRequest | undefined;
}

/** The rules' messages in the language on screen; English is the contract's own (the spec's). */
export type ContactRuleTexts = { invalidEmail: string; emptyMessage: string };

const specRuleTexts: ContactRuleTexts = {
  invalidEmail: accountMessages.invalidEmail,
  emptyMessage: accountMessages.emptyMessage,
};

/** The schema speaks English: its two messages are said in the form's language. */
function ruleMessage(message: string, texts: ContactRuleTexts): string {
  if (message === accountMessages.invalidEmail) return texts.invalidEmail;
  if (message === accountMessages.emptyMessage) return texts.emptyMessage;
  return message;
}

export function checkContact(
  values: ContactValues,
  texts: ContactRuleTexts = specRuleTexts,
): ContactCheck {
  const parsed = contactRequestSchema.safeParse({ email: values.email.trim(), body: values.body });
  if (parsed.success) return { errors: {}, request: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'body') && !errors[field]) {
      errors[field] = ruleMessage(issue.message, texts);
    }
  }
  return { errors, request: undefined };
}

const contactFields: readonly ContactField[] = ['email', 'body'];

/** The server's field messages (a 400 answer's `errors`, by request path) by their fields. */
export function contactFieldErrors(
  fieldErrors: readonly { path: string; message: string }[],
): ContactErrors {
  const errors: ContactErrors = {};
  for (const { path, message } of fieldErrors) {
    const field = contactFields.find((name) => path === `body.${name}`);
    if (field) errors[field] ??= message;
  }
  return errors;
}

/** The first field, in the form's order, that has a message. */
export function firstContactError(errors: ContactErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field]);
}
