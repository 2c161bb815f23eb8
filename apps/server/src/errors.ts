/**
 * Known failures carry an HTTP status and the key of a message a person can read, with the
 * values it names; the error handler says it in the request's language as `{message}`.
 * Anything else is a 500 that hides its details.
 */
import type { Language } from '@tern/contract';
import { type ErrorTexts, errorTexts, tooManyRequestsTexts } from './error-texts';
import { standInRefusals } from './sandbox/esimgo/refusals';

export interface FieldError {
  path: string;
  message: string;
}

/** A translated text without values, as `group.key`: `'codeRefusals.wrong'`. */
export type TextKey = {
  [Group in keyof ErrorTexts]: `${Group}.${Extract<keyof ErrorTexts[Group], string>}`;
}[keyof ErrorTexts];

type StandInRefusals = typeof standInRefusals;

/** The messages that name values, each with the values it needs. */
export type ErrorParams = {
  tooManyRequests: { retryAfterSeconds: number };
} & {
  [Name in keyof StandInRefusals as `standIn.${Name}`]: Parameters<StandInRefusals[Name]>[0];
};

/** Every message an HttpError may say. */
export type ErrorKey = TextKey | keyof ErrorParams;

/** A key as a thrower writes it, with its values when it has some. */
export type ErrorArgs =
  | [key: TextKey]
  | { [Key in keyof ErrorParams]: [key: Key, params: ErrorParams[Key]] }[keyof ErrorParams];

/** What a failure says, before it is put into a language. */
export type ErrorMessage =
  | { key: TextKey }
  | { [Key in keyof ErrorParams]: { key: Key; params: ErrorParams[Key] } }[keyof ErrorParams];

export class HttpError extends Error {
  override name = 'HttpError';
  readonly said: ErrorMessage;
  constructor(
    readonly statusCode: number,
    ...[key, params]: ErrorArgs
  ) {
    const said = (params === undefined ? { key } : { key, params }) as ErrorMessage;
    // The English words as the error's own message, so that logs read as the API answered.
    super(sayError(said, 'en'));
    this.said = said;
  }
}

export const badRequest = (...message: ErrorArgs) => new HttpError(400, ...message);
export const unauthorized = (...message: ErrorArgs) => new HttpError(401, ...message);
export const forbidden = (...message: ErrorArgs) => new HttpError(403, ...message);
export const notFound = (...message: ErrorArgs) => new HttpError(404, ...message);
export const conflict = (...message: ErrorArgs) => new HttpError(409, ...message);
export const badGateway = (...message: ErrorArgs) => new HttpError(502, ...message);

/** A failure's message in the given language, its values put in place. */
export function sayError(message: ErrorMessage, language: Language): string {
  if (message.key === 'tooManyRequests') {
    return tooManyRequestsTexts[language](Math.ceil(message.params.retryAfterSeconds / 60));
  }
  if ('params' in message) {
    // The stand-in speaks English only, as the provider it stands in for does.
    const name = message.key.slice('standIn.'.length) as keyof StandInRefusals;
    return (standInRefusals[name] as (params: object) => string)(message.params);
  }
  const [group, name] = message.key.split('.') as [keyof ErrorTexts, string];
  return (errorTexts[language][group] as Record<string, string>)[name] as string;
}
