/** Texts the spec fixes for errors that every part of the shop may show. */
export const errorMessages = {
  generic: 'Something bad happened; please try again later.',
  invalidAntiForgeryToken: 'Invalid anti-forgery token',
  notFound: 'Not found',
  invalidRequest: 'The request is not valid.',
} as const;
