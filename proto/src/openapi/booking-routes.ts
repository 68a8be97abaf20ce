// The booking service's routes in the OpenAPI document: slots, bookings and the links of a booking.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { ErrorResponse } from '../http-error.js';
import {
  AvailabilityQuery,
  AvailabilityResponse,
  BookSessionRequest,
  BookSessionResponse,
  JoinSessionRequest,
  JoinSessionResponse,
  CancelSessionRequest,
  ReleaseSessionRequest,
  ManageSessionRequest,
  ManageSessionResponse,
  OpenDaysQuery,
  OpenDaysResponse,
  RescheduleSessionRequest,
  SessionParams,
  SessionResponse,
} from '../booking.js';
import { errors, get, json, post, REQUEST_BODY_NOTE } from './route-shapes.js';

/**
 * A POST on one booking (`/api/session/{id}/…`) whose body carries a link's token: the usual request errors,
 * and what each refusal of its own means.
 */
const sessionPost = (
  path: string,
  summary: string,
  request: z.ZodType,
  ok: ReturnType<typeof json>,
  refusals: Record<number, string>,
): RouteConfig => ({
  method: 'post',
  path,
  tags: ['booking'],
  summary,
  request: {
    params: SessionParams,
    body: { required: true, description: REQUEST_BODY_NOTE, content: { 'application/json': { schema: request } } },
  },
  responses: {
    200: ok,
    ...errors(400, 413, 415, 503),
    ...Object.fromEntries(Object.entries(refusals).map(([status, what]) => [status, json(ErrorResponse, what)])),
  },
});

const MANAGE_TOKEN_REFUSED = "The token is not this booking's change-or-cancel token";

export const BOOKING_ROUTES: RouteConfig[] = [
  post(
    '/api/book-session',
    'booking',
    'Book a session (holds the slot until paid)',
    BookSessionRequest,
    BookSessionResponse,
    [409, 429, 503],
  ),
  get('/api/session/{id}', 'booking', 'A booked session', SessionResponse, [400, 404, 503], { params: SessionParams }),
  sessionPost(
    '/api/session/{id}/join',
    "Follow an AI Avatar Session's join link: inside its window, sets this browser's session pass (cookie hhp_pass)",
    JoinSessionRequest,
    json(
      JoinSessionResponse,
      '`active` (the pass is set until `endsAt`, for this browser only), `early` (the window opens at `startsAt`) or `ended`',
    ),
    {
      403: "The token is not this booking's join token",
      404: 'No such session, or not an AI Avatar Session',
      409: 'The session is not confirmed, or is already open in another browser',
    },
  ),
  sessionPost(
    '/api/session/{id}/manage',
    "Open a booking's change-or-cancel link: the booking, and whether it can still be changed",
    ManageSessionRequest,
    json(ManageSessionResponse, 'The booking as its change-or-cancel page shows it'),
    { 403: MANAGE_TOKEN_REFUSED, 404: 'No such session' },
  ),
  sessionPost(
    '/api/session/{id}/reschedule',
    'Move a confirmed booking to another free slot of its plan (up to 24 hours before it starts)',
    RescheduleSessionRequest,
    json(ManageSessionResponse, 'Moved; an e-mail with the updated invite follows'),
    {
      403: MANAGE_TOKEN_REFUSED,
      404: 'No such session',
      409: 'The new slot was just taken, or the booking can no longer be changed (the message says which)',
    },
  ),
  sessionPost(
    '/api/session/{id}/release',
    "Give back an unpaid booking's hold (the visitor went back from checkout): the slot is free again at once",
    ReleaseSessionRequest,
    json(SessionResponse, 'Released (or no longer held: the same answer); the booking reads `expired`'),
    {
      403: "The token is not this booking's hold token",
      404: 'No such session',
      409: 'The booking is paid or confirmed, so its time stays booked (the message says so)',
    },
  ),
  sessionPost(
    '/api/session/{id}/cancel',
    'Cancel a confirmed booking (up to 24 hours before it starts): the slot is freed and a card payment refunded',
    CancelSessionRequest,
    json(ManageSessionResponse, 'Cancelled (or cancelled before: the same answer); the refund follows'),
    {
      403: MANAGE_TOKEN_REFUSED,
      404: 'No such session',
      409: 'The booking can no longer be cancelled (the message says why)',
    },
  ),
  get(
    '/api/availability',
    'booking',
    "A day's slots for a plan, free or taken, in the practice's time zone",
    AvailabilityResponse,
    [400, 503],
    { query: AvailabilityQuery },
  ),
  get(
    '/api/availability/days',
    'booking',
    "The days of a range (at most 62) the practice's rules open for a plan, within the booking horizon",
    OpenDaysResponse,
    [400, 503],
    { query: OpenDaysQuery },
  ),
];
