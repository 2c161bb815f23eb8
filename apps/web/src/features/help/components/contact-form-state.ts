/**
 * The contact form's rules (spec section 5), from the contract's schema: an e-mail
 * address (a domain with a top-level part of two letters or more, or a bracketed IPv4
 * address) and a message that is not blank. No length limits.
 */
import { type ContactRequest, contactRequestSchema } from '@tern/contract';

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

export function checkContact(values: ContactValues): ContactCheck {
  const parsed = contactRequestSchema.safeParse({ email: values.email.trim(), body: values.body });
  if (parsed.success) return { errors: {}, request: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'body') && !errors[field]) errors[field] = issue.message;
  }
  return { errors, request: undefined };
}
