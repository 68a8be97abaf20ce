import { z } from 'zod';

/** Every non-success answer of every service: `{ "message": ... }`. */
export const ErrorResponse = z.object({
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * The largest JSON request body a service reads, in bytes once any Content-Encoding is undone (the kit's
 * body parser; a larger one is 413). The schemas' `max` limits count characters (UTF-16 code units), so
 * they cannot promise that a body fits: a field of 4,000 characters is 4,000 bytes of ASCII but up to
 * 24,000 bytes written as `\uXXXX` escapes. The OpenAPI document states both.
 */
export const MAX_JSON_BODY_BYTES = 16 * 1024;
