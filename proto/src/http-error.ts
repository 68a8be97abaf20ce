import { z } from 'zod';

/** Every non-success answer of every service: `{ "message": ... }`. */
export const ErrorResponse = z.object({
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
