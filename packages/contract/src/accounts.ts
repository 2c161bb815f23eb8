/**
 * Client accounts and the contact form (spec sections 3, 5, 7 and 8): sign-up with an
 * e-mailed one-time code, session tokens, and the support message. Field names and
 * texts are the spec's, so the storefront and older clients read the same answers.
 */
import { z } from 'zod';
import { accountMessages, signupMessages } from './account-texts';
import { languageSchema } from './language-schema';
import { plainText, textField } from './text';

export const signupResponseSchema = z.object({ message: z.enum(signupMessages) });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const clientProfileSchema = z.object({
  cli_email: z.string(),
  cli_name: z.string(),
  cli_mobile: z.string(),
  /** The language the account's e-mails and invoices are written in. */
  cli_language: languageSchema.optional(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

/** A successful sign-in: the bearer token to store, and who signed in. */
export const signInResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  data: clientProfileSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const validateTokenRequestSchema = z.strictObject({
  cli_token: textField({ error: accountMessages.tokenRequired }),
  cli_email: textField().optional(),
  cli_name: textField().optional(),
});
export type ValidateTokenRequest = z.infer<typeof validateTokenRequestSchema>;

export const validateTokenResponseSchema = z.object({
  cli_email: z.string(),
  cli_name: z.string(),
});
export type ValidateTokenResponse = z.infer<typeof validateTokenResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * The contact form's e-mail rule (spec section 5): a local part, @, and a domain whose
 * top-level part has at least two letters, or a bracketed IPv4 address (user@[192.168.0.1]).
 */
export const contactEmailPattern =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** The contact form; no length limits beyond the API's 1 MiB body limit (spec section 5). */
export const contactRequestSchema = z.strictObject({
  email: textField({ error: accountMessages.invalidEmail }).regex(contactEmailPattern, {
    error: accountMessages.invalidEmail,
  }),
  // The one multi-line text: tabs and line breaks are part of a message.
  body: plainText(z.string({ error: accountMessages.emptyMessage }), { multiline: true }).refine(
    (body) => body.trim().length > 0,
    { error: accountMessages.emptyMessage },
  ),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
