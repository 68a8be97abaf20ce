import { z } from 'zod';
import { EmailAddress, noControlCharacters } from './text.js';

export const EMAIL_SOURCES = ['hero', 'footer', 'condition', 'booking'] as const;

/** POST /api/subscribe-email */
export const SubscribeEmailRequest = z
  .object({
    email: EmailAddress,
    source: z.enum(EMAIL_SOURCES).default('hero'),
  })
  .strict();
export type SubscribeEmailRequest = z.infer<typeof SubscribeEmailRequest>;

/** The same answer whether or not the address was already on the list. */
export const SubscribeEmailResponse = z.object({
  message: z.string(),
});
export type SubscribeEmailResponse = z.infer<typeof SubscribeEmailResponse>;

/**
 * The double opt-in's and the one-click unsubscribe's tokens (in the e-mails' links): the subscriber's id signed
 * for the token's purpose, `<24 hex>.<expires>.<24 base64url>` (the kit's signed values), or in the earlier form
 * of links sent before 2026-11-27, `<24 hex>.<43 base64url>`.
 */
export const ListToken = z
  .string()
  .check(noControlCharacters)
  .trim()
  .regex(
    /^[0-9a-f]{24}\.(?:\d{1,12}\.[A-Za-z0-9_-]{24}|[A-Za-z0-9_-]{43})$/,
    'token must be the token from the e-mail\u2019s link',
  );

/**
 * The confirmation link's token: the subscriber's id and the sign-up's id (16 base64url; absent for subscribers
 * stored before sign-ups had ids), signed, `<24 hex>.<16 base64url>.<expires>.<24 base64url>` (or the earlier
 * form's `<24 hex>.<16 base64url>.<43 base64url>`).
 */
export const ConfirmToken = z
  .string()
  .check(noControlCharacters)
  .trim()
  .regex(
    /^[0-9a-f]{24}\.(?:[A-Za-z0-9_-]{16}\.)?(?:\d{1,12}\.[A-Za-z0-9_-]{24}|[A-Za-z0-9_-]{43})$/,
    'token must be the token from the e-mail\u2019s link',
  );

/** POST /api/subscribe-email/confirm; 410 when the link's sign-up was superseded (an unsubscribe or a later sign-up). */
export const ConfirmEmailRequest = z.object({ token: ConfirmToken }).strict();
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

/** The confirmed address, masked (`j***@example.com`); the same answer when it was confirmed before. */
export const ConfirmEmailResponse = z.object({ email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

/** POST /api/subscribe-email/unsubscribe?token=… (RFC 8058 one-click; the body is not read). */
export const UnsubscribeEmailQuery = z.object({ token: ListToken });
export type UnsubscribeEmailQuery = z.infer<typeof UnsubscribeEmailQuery>;

export const UnsubscribeEmailResponse = z.object({ message: z.string() });
export type UnsubscribeEmailResponse = z.infer<typeof UnsubscribeEmailResponse>;
