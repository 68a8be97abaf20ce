// The e-mail list and the numbers in the console (issue 30, point 5). The list: content owns the subscribers
// and answers rpc.content.v1.practice-list with the confirmed addresses and their consent records, a page at a
// time; practice serves it to admins as a table and as a CSV download. The numbers: booking answers
// rpc.booking.v1.practice-numbers with the confirmed sessions per day; revenue by plan, AI answers and crises
// met are practice's own tally of the events payments, ai-query and crisis publish (counts and sums only: no
// message text, no visitor). Each source of the numbers answers within a deadline or shows as unavailable.
import { z } from 'zod';
import { EMAIL_SOURCES } from './email.js';
import { SESSION_TYPES } from './catalogue/plans.js';
import { singleLine } from './text.js';

// --- The e-mail list.

/** Addresses in one rpc answer (each with its consent record: well under NATS's 1 MB payload). */
export const LIST_RPC_MAX = 1000;
/** Rows of the console's table in one page. */
export const LIST_PAGE_MAX = 200;

/** rpc.content.v1.practice-list: `limit` addresses in e-mail order, after `after` (keyset) or from `offset`. */
export const PracticeListRpcRequest = z
  .object({
    limit: z.number().int().min(1).max(LIST_RPC_MAX),
    offset: z.number().int().min(0).max(10_000_000).optional(),
    /** The last address of the previous page: the next page starts after it (the CSV export walks so). */
    after: singleLine({ max: 320 }).min(1).optional(),
    /** Count the whole list too (one more scan; the CSV export's later pages skip it). */
    withTotal: z.boolean().default(true),
  })
  .strict()
  .refine((r) => r.offset === undefined || r.after === undefined, {
    message: 'offset and after cannot both be given',
    path: ['after'],
  });
export type PracticeListRpcRequest = z.input<typeof PracticeListRpcRequest>;

/** One step of an address's consent, as content records it. */
export const ConsentRecordStep = z.object({
  action: z.enum(['signup', 'confirm', 'unsubscribe']),
  at: z.iso.datetime(),
  /** `sign-up form (<source>)`, `confirmation link`, … */
  via: z.string(),
});
export type ConsentRecordStep = z.infer<typeof ConsentRecordStep>;

/** A confirmed address of the list with its consent record (oldest step first). */
export const ListedAddress = z.object({
  email: z.string(),
  source: z.enum(EMAIL_SOURCES),
  subscribedAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime(),
  consent: z.array(ConsentRecordStep),
});
export type ListedAddress = z.infer<typeof ListedAddress>;

export const PracticeListRpcResponse = z.object({
  /** Confirmed addresses in the whole list (absent when not asked for). */
  total: z.number().int().nonnegative().optional(),
  addresses: z.array(ListedAddress),
});
export type PracticeListRpcResponse = z.infer<typeof PracticeListRpcResponse>;

const positiveInt = (field: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`)
    .default(fallback);

/** GET /api/practice/list?page=&pageSize= (admin; at most 50,000 pages of 200: the rpc's largest offset). */
export const ListQuery = z
  .object({ page: positiveInt('page', 50_000, 1), pageSize: positiveInt('pageSize', LIST_PAGE_MAX, 50) })
  .strict();
export type ListQuery = z.infer<typeof ListQuery>;

export const ListResponse = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  addresses: z.array(ListedAddress),
});
export type ListResponse = z.infer<typeof ListResponse>;

/** GET /api/practice/list.csv (admin): no query. */
export const ListExportQuery = z.object({}).strict();

/** The CSV export's columns, in order (one row per address; its consent steps in one cell). */
export const LIST_CSV_COLUMNS = ['email', 'source', 'subscribed_at', 'confirmed_at', 'consent'] as const;

// --- The numbers.

const day = z.iso.date();

/** The longest range of days booking counts in one request (a month and a week around it). */
export const NUMBERS_MAX_DAYS = 62;

/** rpc.booking.v1.practice-numbers: confirmed sessions per practice day `from` to `to` (both included). */
export const PracticeNumbersRpcRequest = z
  .object({ from: day, to: day })
  .strict()
  .superRefine(({ from, to }, ctx) => {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > NUMBERS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `to must be at most ${NUMBERS_MAX_DAYS} days after from` });
  });
export type PracticeNumbersRpcRequest = z.infer<typeof PracticeNumbersRpcRequest>;

/** Sessions per plan (every plan present, 0 when none). */
export const PlanCounts = z.object(
  Object.fromEntries(SESSION_TYPES.map((t) => [t, z.number().int().nonnegative()])) as Record<
    (typeof SESSION_TYPES)[number],
    z.ZodNumber
  >,
);
export type PlanCounts = z.infer<typeof PlanCounts>;

export const BookingsDay = z.object({ date: day, total: z.number().int().nonnegative(), byPlan: PlanCounts });
export type BookingsDay = z.infer<typeof BookingsDay>;

export const PracticeNumbersRpcResponse = z.object({
  timeZone: z.string(),
  /** Every day of the range, in order. */
  days: z.array(BookingsDay),
});
export type PracticeNumbersRpcResponse = z.infer<typeof PracticeNumbersRpcResponse>;

/** A plan of revenue: the catalogue's plans, and `other` for a payment whose booking booking did not know. */
export const REVENUE_PLANS = [...SESSION_TYPES, 'other'] as const;
export const RevenuePlan = z.enum(REVENUE_PLANS);
export type RevenuePlan = z.infer<typeof RevenuePlan>;

const unavailable = z.object({ status: z.literal('unavailable') });

const PeriodCounts = z.object({
  status: z.literal('ok'),
  today: z.number().int().nonnegative(),
  week: z.number().int().nonnegative(),
  /** Each day of the week so far (Monday first), for the chart. */
  byDay: z.array(z.object({ date: day, count: z.number().int().nonnegative() })),
});

export const RevenueByPlan = z.object({
  plan: RevenuePlan,
  /** Payments succeeded minus refunds, in cents (negative when more was refunded than paid in the period). */
  netCents: z.number().int(),
  paidCents: z.number().int().nonnegative(),
  refundedCents: z.number().int().nonnegative(),
});
export type RevenueByPlan = z.infer<typeof RevenueByPlan>;

const RevenuePeriod = z.object({ netCents: z.number().int(), plans: z.array(RevenueByPlan) });

/** GET /api/practice/numbers: no query. */
export const NumbersQuery = z.object({}).strict();

/** GET /api/practice/numbers (practitioner and admin). */
export const NumbersResponse = z.object({
  timeZone: z.string(),
  today: day,
  /** The practice's week (Monday to Sunday) and month that hold today. */
  week: z.object({ from: day, to: day }),
  month: z.object({ from: day, to: day }),
  bookings: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('ok'),
      today: z.number().int().nonnegative(),
      week: z.number().int().nonnegative(),
      /** Each day of the week, Monday first: confirmed sessions on that day. */
      byDay: z.array(BookingsDay),
    }),
    unavailable,
  ]),
  revenue: z.discriminatedUnion('status', [
    z.object({ status: z.literal('ok'), currency: z.string(), week: RevenuePeriod, month: RevenuePeriod }),
    unavailable,
  ]),
  aiAnswers: z.discriminatedUnion('status', [PeriodCounts, unavailable]),
  crises: z.discriminatedUnion('status', [PeriodCounts, unavailable]),
});
export type NumbersResponse = z.infer<typeof NumbersResponse>;
