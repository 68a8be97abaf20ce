import { z } from 'zod';
import { SESSION_TYPES } from './catalogue/plans.js';

export const SessionTypeSchema = z.enum(SESSION_TYPES);

/**
 * POST /api/book-session. Price and duration are the server's (from the catalogue): the fields are
 * accepted for compatibility with the specification's call and checked, never trusted.
 */
export const BookSessionRequest = z
  .object({
    userId: z.null().optional(),
    type: SessionTypeSchema,
    scheduledAt: z.iso.datetime({ offset: true, message: 'scheduledAt must be an ISO date-time' }),
    duration: z
      .string()
      .regex(/^\d{1,3}$/, 'duration must be a number of minutes')
      .optional(),
    price: z
      .string()
      .regex(/^\d{1,5}(\.\d{2})?$/, 'price must be a decimal like 9.00')
      .optional(),
    notes: z.string().trim().max(2000, 'notes must be at most 2000 characters').optional().default(''),
    name: z.string().trim().min(1, 'name is required').max(200),
    email: z.string().trim().toLowerCase().pipe(z.email('email must be a valid e-mail address').max(254)),
  })
  .strict();
export type BookSessionRequest = z.infer<typeof BookSessionRequest>;

export const BookSessionResponse = z.object({ id: z.string() });
export type BookSessionResponse = z.infer<typeof BookSessionResponse>;

/** GET /api/session/{id} */
export const SessionResponse = z.object({
  id: z.string(),
  price: z.string(),
  type: SessionTypeSchema,
  duration: z.string(),
  scheduledAt: z.string(),
  status: z.enum(['pending-payment', 'confirmed', 'expired', 'cancelled']),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** GET /api/availability?type=&date=YYYY-MM-DD */
export const AvailabilityQuery = z
  .object({
    type: SessionTypeSchema,
    date: z.iso.date('date must be YYYY-MM-DD'),
  })
  .strict();
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

export const AvailabilityResponse = z.object({
  date: z.string(),
  type: SessionTypeSchema,
  slots: z.array(z.object({ time: z.string(), endTime: z.string(), available: z.boolean() })),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;
