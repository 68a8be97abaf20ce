// The e-mail list and the numbers (services/practice, list/ and numbers/) in the OpenAPI document: the list and its
// CSV export are the admin's (403 for a practitioner), the numbers any staff member's; all behind the session.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { PRACTICE_API } from '../practice.js';
import { ListExportQuery, ListQuery, ListResponse, NumbersQuery, NumbersResponse } from '../practice-numbers.js';
import { error, json, SESSION } from './practice-route-shapes.js';

const guardedGet = (
  path: string,
  summary: string,
  query: z.ZodObject,
  ok: RouteConfig['responses'][string],
  admin: boolean,
): RouteConfig => ({
  method: 'get',
  path: `${PRACTICE_API}${path}`,
  tags: ['practice'],
  summary,
  request: { query },
  responses: {
    200: ok,
    400: error('The query is invalid; the message names what is wrong'),
    401: error('No staff session, or it ended (idle 30 min, 12 h at most, signed out, revoked)'),
    403: error(admin ? 'Not an admin' : 'Not a staff role this route admits'),
    503: error('The e-mail list (content) or the database did not answer in time; Retry-After says when to try again'),
  },
});

export const NUMBERS_ROUTES: RouteConfig[] = [
  guardedGet(
    '/list',
    "A page of the e-mail list's confirmed addresses with their consent records (admin)",
    ListQuery,
    json(ListResponse, 'The page, in e-mail order, and how many confirmed addresses the list has'),
    true,
  ),
  guardedGet(
    '/list.csv',
    'The whole e-mail list as CSV (admin)',
    ListExportQuery,
    {
      description:
        'RFC 4180 CSV (CRLF), one confirmed address a record: email, source, subscribed_at, confirmed_at, consent; a cell beginning with = + - or @ is prefixed with an apostrophe (Content-Disposition: attachment)',
      content: { 'text/csv': { schema: z.string() } },
    },
    true,
  ),
  guardedGet(
    '/numbers',
    "Today's and this week's sessions, revenue by plan, AI answers and crises met (staff)",
    NumbersQuery,
    json(NumbersResponse, 'The numbers; a source that did not answer in time is { status: "unavailable" }'),
    false,
  ),
];

export const NUMBERS_OPERATIONS: Record<string, { id: string; description: string }> = {
  [`GET ${PRACTICE_API}/list`]: {
    id: 'practiceEmailList',
    description: `A page of the e-mail list: the confirmed addresses (not unsubscribed since) with each one's consent record (sign-up, confirmation, with when and by which way). Audited. ${SESSION}`,
  },
  [`GET ${PRACTICE_API}/list.csv`]: {
    id: 'practiceEmailListCsv',
    description: `The whole e-mail list as a CSV download, written a thousand addresses at a time; an export that breaks off after it began is cut (the download fails) rather than ended as if whole. Audited. ${SESSION}`,
  },
  [`GET ${PRACTICE_API}/numbers`]: {
    id: 'practiceNumbers',
    description: `The practice's numbers in its time zone: confirmed sessions today and this week (per day and plan), revenue by plan for the week and the month (payments succeeded minus refunds), the AI's answers and the crises met today and this week. Counts and sums only. Each source answers within its deadline or is "unavailable". Audited. ${SESSION}`,
  },
};
