import { z } from 'zod';

export const EMAIL_SOURCES = ['hero', 'footer', 'condition', 'booking'] as const;

/** POST /api/subscribe-email */
export const SubscribeEmailRequest = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email('email must be a valid e-mail address').max(254)),
    source: z.enum(EMAIL_SOURCES).default('hero'),
  })
  .strict();
export type SubscribeEmailRequest = z.infer<typeof SubscribeEmailRequest>;
export type SubscribeEmailInput = z.input<typeof SubscribeEmailRequest>;

/** The same answer whether or not the address was already on the list. */
export const SubscribeEmailResponse = z.object({
  message: z.string(),
});
export type SubscribeEmailResponse = z.infer<typeof SubscribeEmailResponse>;
