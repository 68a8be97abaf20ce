// The practice's availability in the console (issue 30, point 3): each plan's weekly rules (its weekdays, its
// slots' start times and length) and the exceptions to them (a day off or a holiday closes a date for some or
// all plans, an extra day opens one). Booking owns them (its database; the catalogue's rules until a rule is
// stored) and answers practice over rpc.booking.v1.practice-availability and ...-availability-set, checking
// every request again with these schemas. Every answer lists the bookings the rules no longer cover: nothing is
// cancelled by a rule change, the practitioner moves or cancels them.
import { z } from 'zod';
import { SessionStatus, SessionTypeSchema } from './booking.js';
import { slotOverlap } from './catalogue/slot-times.js';
import { singleLine } from './text.js';

export { minutesOfDay, slotOverlap } from './catalogue/slot-times.js';

export const SLOT_MINUTES_MIN = 15;
export const SLOT_MINUTES_MAX = 240;
/** Slots a plan may have on one day. */
export const SLOTS_PER_DAY_MAX = 24;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const SlotTime = z.string().regex(HH_MM, 'must be a time HH:MM (24-hour clock)');

const unique = <T>(values: readonly T[]) => new Set(values).size === values.length;

const Times = z
  .array(SlotTime)
  .max(SLOTS_PER_DAY_MAX, `times must have at most ${SLOTS_PER_DAY_MAX} slots`)
  .refine(unique, 'times must not repeat a time');

/** A plan's week: the weekdays it is open (0 Sunday … 6 Saturday), its slots' start times and their length. */
const WeeklyRuleShape = z.object({
  weekdays: z
    .array(
      z
        .number()
        .int()
        .min(0, 'must be a weekday, 0 (Sunday) to 6 (Saturday)')
        .max(6, 'must be a weekday, 0 (Sunday) to 6 (Saturday)'),
    )
    .max(7)
    .refine(unique, 'weekdays must not repeat a day'),
  times: Times,
  durationMinutes: z
    .number()
    .int('durationMinutes must be whole minutes')
    .min(SLOT_MINUTES_MIN, `durationMinutes must be at least ${SLOT_MINUTES_MIN}`)
    .max(SLOT_MINUTES_MAX, `durationMinutes must be at most ${SLOT_MINUTES_MAX}`)
    .multipleOf(5, 'durationMinutes must be a multiple of 5'),
});

const noOverlap = ({ times, durationMinutes }: { times: string[]; durationMinutes: number }, ctx: z.RefinementCtx) => {
  const overlap = slotOverlap(times, durationMinutes);
  if (overlap) ctx.addIssue({ code: 'custom', path: ['times'], message: overlap });
};

export const WeeklyRule = WeeklyRuleShape.strict().superRefine(noOverlap);
export type WeeklyRule = z.infer<typeof WeeklyRule>;

/**
 * PUT /api/practice/availability/rules/{type}: the plan's new week, and the `version` of the rules it was made
 * from (GET's answer): a change made meanwhile by someone else is 409, not overwritten.
 */
export const AvailabilityRuleUpdate = WeeklyRuleShape.extend({
  version: z.number().int('version must be a whole number').min(0, 'version must be 0 or more'),
})
  .strict()
  .superRefine(noOverlap);
export type AvailabilityRuleUpdate = z.infer<typeof AvailabilityRuleUpdate>;

export const AvailabilityRuleParams = z.object({ type: SessionTypeSchema }).strict();
export type AvailabilityRuleParams = z.infer<typeof AvailabilityRuleParams>;

export const EXCEPTION_KINDS = ['closed', 'open'] as const;

/**
 * POST /api/practice/availability/exceptions. `closed`: a day off (one plan) or a holiday (every plan) on `date`.
 * `open`: an extra day for the plans named, with their weekly slot times unless `times` says which.
 */
export const AvailabilityExceptionInput = z
  .object({
    date: z.iso.date('date must be a date YYYY-MM-DD'),
    kind: z.enum(EXCEPTION_KINDS, 'kind must be closed or open'),
    types: z
      .array(SessionTypeSchema)
      .min(1, 'types must name at least one plan')
      .max(3)
      .refine(unique, 'types must not repeat a plan'),
    times: Times.optional(),
    note: singleLine({ max: 120, tooLong: 'note must be at most 120 characters' }).trim().optional().default(''),
  })
  .strict()
  .superRefine(({ kind, times }, ctx) => {
    if (kind === 'closed' && times)
      ctx.addIssue({ code: 'custom', path: ['times'], message: 'times are only for an extra (open) day' });
    else if (times?.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['times'],
        message: 'an extra day needs at least one time (or leave times out)',
      });
  });
export type AvailabilityExceptionInput = z.infer<typeof AvailabilityExceptionInput>;

/** An exception's id (a UUID, as booking makes them). */
const ExceptionId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'id must be an exception\u2019s id');

/** Who makes a change (practice's staff id), for the record. */
const StaffId = singleLine({ max: 100 }).min(1, 'staffId is required');

export const AvailabilityExceptionParams = z.object({ id: ExceptionId }).strict();
export type AvailabilityExceptionParams = z.infer<typeof AvailabilityExceptionParams>;

export const AvailabilityRuleView = z.object({
  type: SessionTypeSchema,
  weekdays: z.array(z.number()),
  times: z.array(z.string()),
  durationMinutes: z.number(),
  /** 0: the catalogue's rules (nothing stored yet); each stored change adds one. */
  version: z.number(),
  source: z.enum(['catalogue', 'stored']),
  updatedAt: z.string().nullable(),
});
export type AvailabilityRuleView = z.infer<typeof AvailabilityRuleView>;

export const AvailabilityExceptionView = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  types: z.array(SessionTypeSchema),
  /** An extra day's own slot times; absent: the plan's weekly times. */
  times: z.array(z.string()).optional(),
  note: z.string(),
  createdAt: z.string(),
});
export type AvailabilityExceptionView = z.infer<typeof AvailabilityExceptionView>;

/** A live booking (confirmed, or held unpaid) at a time the rules no longer offer: to be moved or cancelled. */
export const AffectedBooking = z.object({
  id: z.string(),
  type: SessionTypeSchema,
  scheduledAt: z.string(),
  /** Its day and start, wall clock in the practice's time zone. */
  date: z.string(),
  time: z.string(),
  status: SessionStatus,
  /** The visitor's name; null while the booking is still being written. */
  name: z.string().nullable(),
  /** `closed`: its day is closed for its plan; `not-a-slot`: the day is open but no longer at that time. */
  reason: z.enum(['closed', 'not-a-slot']),
});
export type AffectedBooking = z.infer<typeof AffectedBooking>;

/** GET /api/practice/availability, and the answer to every change. */
export const PracticeAvailabilityResponse = z.object({
  timeZone: z.string(),
  /** The practice's today: exceptions from this day on are listed. */
  today: z.string(),
  rules: z.array(AvailabilityRuleView),
  exceptions: z.array(AvailabilityExceptionView),
  affected: z.array(AffectedBooking),
});
export type PracticeAvailabilityResponse = z.infer<typeof PracticeAvailabilityResponse>;

/** rpc.booking.v1.practice-availability: no fields. */
export const PracticeAvailabilityRequest = z.object({}).strict();

/** rpc.booking.v1.practice-availability-set: one change, and the staff member who makes it (for the record). */
export const PracticeAvailabilitySetRequest = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('set-rule'),
      staffId: StaffId,
      type: SessionTypeSchema,
      rule: AvailabilityRuleUpdate,
    })
    .strict(),
  z
    .object({
      action: z.literal('add-exception'),
      staffId: StaffId,
      exception: AvailabilityExceptionInput,
    })
    .strict(),
  z.object({ action: z.literal('remove-exception'), staffId: StaffId, id: ExceptionId }).strict(),
]);
export type PracticeAvailabilitySetRequest = z.input<typeof PracticeAvailabilitySetRequest>;

export const PracticeAvailabilitySetResponse = PracticeAvailabilityResponse.extend({
  /** The exception just added, when one was. */
  exceptionId: z.string().optional(),
});
export type PracticeAvailabilitySetResponse = z.infer<typeof PracticeAvailabilitySetResponse>;
