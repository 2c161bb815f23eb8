/**
 * Known failures carry an HTTP status and a message a person can read; the error handler
 * turns them into `{message, errors?}`. Anything else is a 500 that hides its details.
 */
export interface FieldError {
  path: string;
  message: string;
}

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badGateway = (message: string) => new HttpError(502, message);
