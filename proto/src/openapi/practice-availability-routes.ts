// The practice's availability's routes (services/practice, availability/availability.router.ts) in the OpenAPI
// document: any staff member, behind her session; the POSTs behind the Origin check first. Booking owns the
// rules and answers through practice (rpc.booking.v1.practice-availability, ...-availability-set): its 400, 404
// and 409 sentences are these routes'.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { PRACTICE_API } from '../practice.js';
import {
  AvailabilityExceptionInput,
  AvailabilityExceptionParams,
  AvailabilityRuleParams,
  AvailabilityRuleUpdate,
  PracticeAvailabilityResponse,
  PracticeAvailabilitySetResponse,
} from '../practice-availability.js';
import { error, json, ORIGIN_403, SESSION, UNAUTHORISED } from './practice-route-shapes.js';

const UNAVAILABLE = error('Booking did not answer in time: reload the availability to see whether the change was made');
const CHANGED = json(
  PracticeAvailabilitySetResponse,
  'Changed: the rules as they are now, and the bookings outside them',
);

/** A change: its body (or none), its refusals. */
const change = (path: string, summary: string, request: RouteConfig['request'], refusals: object): RouteConfig => ({
  method: 'post',
  path: `${PRACTICE_API}/availability${path}`,
  tags: ['practice'],
  summary,
  ...(request ? { request } : {}),
  responses: {
    200: CHANGED,
    400: error('The request is invalid; the message names what is wrong'),
    401: UNAUTHORISED,
    403: error(ORIGIN_403),
    413: error('The body is too large'),
    415: error('The body is not JSON'),
    503: UNAVAILABLE,
    ...refusals,
  },
});

const body = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema } } });

export const AVAILABILITY_ROUTES: RouteConfig[] = [
  {
    method: 'get',
    path: `${PRACTICE_API}/availability`,
    tags: ['practice'],
    summary: "Each plan's weekly rules, the exceptions from today on, and the bookings outside them",
    responses: {
      200: json(PracticeAvailabilityResponse, 'The rules as they are now'),
      400: error('The query is invalid; the message names what is wrong'),
      401: UNAUTHORISED,
      403: error('Not a staff role that may see the availability'),
      503: UNAVAILABLE,
    },
  },
  change(
    '/rules/{type}',
    "Change a plan's week: its weekdays, its slots' start times and their length",
    { params: AvailabilityRuleParams, body: body(AvailabilityRuleUpdate) },
    { 409: error('The rules of this plan were changed meanwhile (the version is not the latest)') },
  ),
  change(
    '/exceptions',
    'Add a day off, a holiday (closed) or an extra day (open) for some plans',
    { body: body(AvailabilityExceptionInput) },
    { 409: error('That day already has an exception for one of these plans') },
  ),
  change(
    '/exceptions/{id}/remove',
    'Remove an exception: the day follows the weekly rules again',
    { params: AvailabilityExceptionParams },
    { 404: error('No such exception') },
  ),
];

export const AVAILABILITY_OPERATIONS: Record<string, { id: string; description: string }> = {
  [`GET ${PRACTICE_API}/availability`]: {
    id: 'practiceAvailability',
    description: `Each plan's weekly rules (the catalogue's, version 0, until changed), the exceptions from the practice's today on, and every live booking (confirmed, or held unpaid) from now on at a time the rules no longer offer, with its visitor's name, for staff to move or cancel. Audited. ${SESSION}`,
  },
  [`POST ${PRACTICE_API}/availability/rules/{type}`]: {
    id: 'practiceSetAvailabilityRule',
    description: `Stores the plan's new week (from the \`version\` it was made from; 409 when someone changed it meanwhile). GET /api/availability and booking follow it at once. Bookings it leaves outside are listed, never cancelled. Audited (the plan and its week). ${SESSION}`,
  },
  [`POST ${PRACTICE_API}/availability/exceptions`]: {
    id: 'practiceAddAvailabilityException',
    description: `Closes a date (a day off, a holiday) or opens one (an extra day, with the plan's weekly times or its own) for the plans named, from today to the booking horizon. A booking racing the change is either refused or listed in the answer. Audited (the kind, date and plans). ${SESSION}`,
  },
  [`POST ${PRACTICE_API}/availability/exceptions/{id}/remove`]: {
    id: 'practiceRemoveAvailabilityException',
    description: `Removes an exception: the date follows the weekly rules again. Audited (the exception's id). ${SESSION}`,
  },
};
