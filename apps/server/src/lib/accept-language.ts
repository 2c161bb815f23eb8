/**
 * The languages a request's Accept-Language header asks for, read by `negotiator` (jshttp's
 * parser, which Express's `req.acceptsLanguages` uses): tags most preferred first, q-values
 * honoured. The shop's own rule for choosing among them is the contract's `pickLanguage`.
 */
import { type Language, pickLanguage } from '@tern/contract';
import Negotiator from 'negotiator';

/** The header's tags, most preferred first; `*` and tags refused with q=0 left out. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  const negotiator = new Negotiator({ headers: { 'accept-language': header } });
  return negotiator.languages().filter((tag) => tag !== '*');
}

/** The first language the shop speaks among the header's, else English. */
export function acceptedLanguage(header: string | undefined): Language {
  return pickLanguage(acceptLanguageTags(header));
}
