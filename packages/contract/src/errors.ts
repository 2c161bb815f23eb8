import { z } from 'zod';

/** Texts the spec fixes for errors that every part of the shop may show. */
export const errorMessages = {
  generic: 'Something bad happened; please try again later.',
  invalidAntiForgeryToken: 'Invalid anti-forgery token',
  notFound: 'Not found',
  invalidRequest: 'The request is not valid.',
} as const;

/** Every 4xx and 5xx answer of the API has this shape. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
