import { z } from 'zod';

/** Every non-success answer of every service: `{ "message": ... }`. */
export const ErrorResponse = z.object({
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * The largest JSON request body a service reads, in bytes once any Content-Encoding is undone (the kit's
 * body parser; a larger one is 413). Every character limit of the request schemas must be reachable under it:
 * a body with every field at its maxLength fits even written by the most verbose encoder, every character a
 * `\uXXXX` escape (Python's json.dumps writes anything outside ASCII so), 12 bytes for an emoji, which
 * maxLength counts as one character. The largest is a video's ingest, about 135 KiB (proto's
 * test/unit/body-limit.test.ts adds them up for every route); detect-crisis's 8,000 characters are about
 * 94 KiB. nginx's client_max_body_size must be at least this.
 */
export const MAX_JSON_BODY_BYTES = 160 * 1024;
