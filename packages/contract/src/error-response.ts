// The API's error answer as a zod schema, apart from errors.ts so the web's first script can
// show the fixed texts without carrying zod (issue 18).
import { z } from 'zod';

/** Every 4xx and 5xx answer of the API has this shape. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
