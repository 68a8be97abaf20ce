// Who says what over NATS: every subject with its schema, the services that produce it, the services that
// consume it, how it is delivered and why it exists. events.ts names the subjects and their payloads; this
// file says who is on either end, so a reader can see an event that nobody consumes (or that nobody
// produces yet) without searching the services. proto/test/unit/event-catalogue.test.ts scans
// services/*/src and fails when the code and this table disagree; an empty end is allowed only with the
// reason written beside it. infra/src/nats-auth.ts grants each service's NATS permissions from it, and
// proto/README.md shows it as a table (generated: `npm run openapi -w @hhp/proto`).
import { z } from 'zod';
import { DetectCrisisRpcRequest, DetectCrisisResponse } from './crisis.js';
import { BookingLookupRequest, BookingLookupResponse } from './booking.js';
import { PaymentsStatusRequest, PaymentsStatusResponse } from './payments.js';
import { AdmitAiResponse, AskAiRequest, AskAiResponse, GiveBackAiRequest, GiveBackAiResponse } from './ai.js';
import {
  PracticeListRpcRequest,
  PracticeListRpcResponse,
  PracticeNumbersRpcRequest,
  PracticeNumbersRpcResponse,
} from './practice-numbers.js';
import { PracticeFeedRequest, PracticeFeedResponse } from './practice-feed.js';
import {
  CalendarBooking,
  CalendarResponse,
  PracticeAttendanceRpcRequest,
  PracticeCalendarRpcRequest,
  PracticeCancelRpcRequest,
  PracticeMoveRpcRequest,
} from './practice-calendar.js';
import {
  PracticeAvailabilityRequest,
  PracticeAvailabilityResponse,
  PracticeAvailabilitySetRequest,
  PracticeAvailabilitySetResponse,
} from './practice-availability.js';
import {
  AiAnsweredEvent,
  BookingConfirmedEvent,
  BookingCancelledEvent,
  BookingConflictEvent,
  BookingExpiredEvent,
  BookingRescheduledEvent,
  CrisisDetectedEvent,
  CrisisInfo,
  DEAD_LETTER_SUBJECT,
  EmailSubscribedEvent,
  InvoiceFailedEvent,
  InvoicePaidEvent,
  PaymentFailedEvent,
  PaymentRefundedEvent,
  PaymentSucceededEvent,
  RpcSubjects,
  Subjects,
  SubscriptionChangedEvent,
  VideoUpsertedEvent,
  VoiceSessionEndedEvent,
  VoiceSessionStartedEvent,
} from './events.js';
import type { ServiceName } from './services.js';

/** A service of the manifest (services.ts): its NATS user and its folder under services/ have its name. */
export type NatsService = ServiceName;

/** A JetStream durable consumer: the service that runs it, and its name on the stream. */
export interface EventConsumer {
  service: NatsService;
  durable: string;
}

/** An event on the PORTAL_EVENTS stream: published once, kept, read by durable consumers. */
export interface StreamEntry {
  delivery: 'jetstream';
  subject: string;
  /** The name of its schema in proto, for the table. */
  schemaName: string;
  schema: z.ZodType;
  purpose: string;
  producers: readonly NatsService[];
  consumers: readonly EventConsumer[];
  /** Required when `producers` is empty: why, and who will produce it. */
  noProducer?: string;
  /** Required when `consumers` is empty: why it is published anyway. */
  noConsumer?: string;
}

/** A core NATS request answered by one member of the responder's queue group. */
export interface RpcEntry {
  delivery: 'request-reply';
  subject: string;
  schemaName: string;
  schema: z.ZodType;
  responseName: string;
  response: z.ZodType;
  purpose: string;
  /** The services that ask. */
  producers: readonly NatsService[];
  /** The services that answer. */
  consumers: readonly NatsService[];
}

export type CatalogueEntry = StreamEntry | RpcEntry;

/** Any event as it was when a consumer gave up on it (x-original-subject and x-error are headers). */
export const DeadLetteredEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});

export const EVENT_CATALOGUE = [
  {
    delivery: 'jetstream',
    subject: Subjects.emailSubscribed,
    schemaName: 'EmailSubscribedEvent',
    schema: EmailSubscribedEvent,
    purpose: 'A visitor joined the e-mail list (footer, video library, …); content sends the double opt-in e-mail.',
    producers: ['content'],
    consumers: [{ service: 'content', durable: 'content-optin' }],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.videoUpserted,
    schemaName: 'VideoUpsertedEvent',
    schema: VideoUpsertedEvent,
    purpose: 'A video was ingested into the library or updated.',
    producers: ['content'],
    consumers: [],
    noConsumer: 'a record of library changes, for analytics outside the system',
  },
  {
    delivery: 'jetstream',
    subject: Subjects.crisisDetected,
    schemaName: 'CrisisDetectedEvent',
    schema: CrisisDetectedEvent,
    purpose:
      'A message was judged a crisis: which layer (a rule, the crisis model, the moderation model), never the text.',
    producers: ['crisis'],
    consumers: [],
    noConsumer: 'analytics and alerting, consumed outside the system',
  },
  {
    delivery: 'jetstream',
    subject: Subjects.aiAnswered,
    schemaName: 'AiAnsweredEvent',
    schema: AiAnsweredEvent,
    purpose:
      'The assistant answered: how (model, offline, crisis, emergency) and how fast, no text; practice counts the answers (and, in crisis mode, the crises met) for its numbers.',
    producers: ['ai-query'],
    consumers: [{ service: 'practice', durable: 'practice-ai-answers' }],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.voiceSessionStarted,
    schemaName: 'VoiceSessionStartedEvent',
    schema: VoiceSessionStartedEvent,
    purpose: 'A voice call began on /ws (its session id and engine; no audio, no words).',
    producers: ['voice'],
    consumers: [],
    noConsumer: 'analytics (calls per hour, engines), consumed outside the system',
  },
  {
    delivery: 'jetstream',
    subject: Subjects.voiceSessionEnded,
    schemaName: 'VoiceSessionEndedEvent',
    schema: VoiceSessionEndedEvent,
    purpose: 'A voice call ended: its duration, the questions answered and why it ended; no audio, no transcript.',
    producers: ['voice'],
    consumers: [],
    noConsumer: 'analytics (call lengths, limits reached), consumed outside the system',
  },
  {
    delivery: 'jetstream',
    subject: Subjects.subscriptionChanged,
    schemaName: 'SubscriptionChangedEvent',
    schema: SubscriptionChangedEvent,
    purpose:
      "Payments' view of a subscription changed; ai-query projects it to know who is unlimited, booking confirms the plan's booking, payments welcomes a new subscriber by e-mail.",
    producers: ['payments'],
    consumers: [
      { service: 'ai-query', durable: 'ai-query-subscribers' },
      { service: 'booking', durable: 'booking-subscriptions' },
      { service: 'payments', durable: 'payments-welcome' },
    ],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.bookingConfirmed,
    schemaName: 'BookingConfirmedEvent',
    schema: BookingConfirmedEvent,
    purpose: "A booking was paid: its slot is the visitor's; booking e-mails the confirmation with its invite.",
    producers: ['booking'],
    consumers: [{ service: 'booking', durable: 'booking-mail' }],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.bookingExpired,
    schemaName: 'BookingExpiredEvent',
    schema: BookingExpiredEvent,
    purpose: 'An unpaid hold lapsed; its slot is free again.',
    producers: ['booking'],
    consumers: [],
    noConsumer: 'a record for analytics outside the system (abandoned checkouts)',
  },
  {
    delivery: 'jetstream',
    subject: Subjects.bookingConflict,
    schemaName: 'BookingConflictEvent',
    schema: BookingConflictEvent,
    purpose: 'A payment arrived for a booking that cannot have its seat: payments refunds it.',
    producers: ['booking'],
    consumers: [{ service: 'payments', durable: 'payments-conflicts' }],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.bookingRescheduled,
    schemaName: 'BookingRescheduledEvent',
    schema: BookingRescheduledEvent,
    purpose:
      'A confirmed booking moved to another slot: booking gives the old seat back, moves the reminder and e-mails the updated invite.',
    producers: ['booking'],
    consumers: [{ service: 'booking', durable: 'booking-reschedules' }],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.bookingCancelled,
    schemaName: 'BookingCancelledEvent',
    schema: BookingCancelledEvent,
    purpose:
      'A confirmed booking was cancelled by the visitor: booking frees the seat and e-mails the cancelled invite; payments refunds a card payment once.',
    producers: ['booking'],
    consumers: [
      { service: 'booking', durable: 'booking-cancellations' },
      { service: 'payments', durable: 'payments-cancellations' },
    ],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.paymentSucceeded,
    schemaName: 'PaymentSucceededEvent',
    schema: PaymentSucceededEvent,
    purpose:
      "A session's payment succeeded (Stripe's event id is the message id): booking confirms it; practice adds it to its revenue by plan.",
    producers: ['payments'],
    consumers: [
      { service: 'booking', durable: 'booking-payments' },
      { service: 'practice', durable: 'practice-payments' },
    ],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.paymentFailed,
    schemaName: 'PaymentFailedEvent',
    schema: PaymentFailedEvent,
    purpose: "A session's payment attempt failed; the hold stays until it lapses, so the visitor can retry.",
    producers: ['payments'],
    consumers: [],
    noConsumer: 'analytics and alerting outside the system',
  },
  {
    delivery: 'jetstream',
    subject: Subjects.paymentRefunded,
    schemaName: 'PaymentRefundedEvent',
    schema: PaymentRefundedEvent,
    purpose:
      "A session's payment was refunded: booking records it on the booking; practice subtracts it from its revenue.",
    producers: ['payments'],
    consumers: [
      { service: 'booking', durable: 'booking-refunds' },
      { service: 'practice', durable: 'practice-refunds' },
    ],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.invoicePaid,
    schemaName: 'InvoicePaidEvent',
    schema: InvoicePaidEvent,
    purpose: "A subscription's invoice was paid: practice adds it to the subscription plan's revenue.",
    producers: ['payments'],
    consumers: [{ service: 'practice', durable: 'practice-invoices' }],
  },
  {
    delivery: 'jetstream',
    subject: Subjects.invoiceFailed,
    schemaName: 'InvoiceFailedEvent',
    schema: InvoiceFailedEvent,
    purpose: "A subscription's invoice could not be paid (the subscription's own status follows).",
    producers: ['payments'],
    consumers: [],
    noConsumer: 'the dunning e-mail, issue 17',
  },
  {
    delivery: 'jetstream',
    subject: DEAD_LETTER_SUBJECT,
    schemaName: 'DeadLetteredEvent',
    schema: DeadLetteredEvent,
    purpose: "An event a consumer gave up on, as it was, with the consumer's error in its headers.",
    // The kit's EventBus publishes it for every service that runs a consumer.
    producers: ['ai-query', 'booking', 'content', 'payments', 'practice'],
    consumers: [],
    noConsumer: 'read by operators on the stream; alerting on it is issue 19',
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.detectCrisis,
    schemaName: 'DetectCrisisRpcRequest',
    schema: DetectCrisisRpcRequest,
    responseName: 'DetectCrisisResponse',
    response: DetectCrisisResponse,
    purpose: 'Is this message a crisis? Asked before every answer; the local rules decide if it is silent.',
    producers: ['ai-query'],
    consumers: ['crisis'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.crisisInfo,
    schemaName: '{}',
    schema: z.object({}),
    responseName: 'CrisisInfo',
    response: CrisisInfo,
    purpose: 'What the crisis service judges with, so ai-query can skip asking when it would learn nothing.',
    producers: ['ai-query'],
    consumers: ['crisis'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.bookingSession,
    schemaName: 'BookingLookupRequest',
    schema: BookingLookupRequest,
    responseName: 'BookingLookupResponse',
    response: BookingLookupResponse,
    purpose:
      "A booking's authoritative price and state, asked by payments before it creates an intent, and by practice for the plan of a payment it adds to its revenue.",
    producers: ['payments', 'practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.paymentsStatus,
    schemaName: 'PaymentsStatusRequest',
    schema: PaymentsStatusRequest,
    responseName: 'PaymentsStatusResponse',
    response: PaymentsStatusResponse,
    purpose:
      'Whether payments can take a payment now (Stripe keys set), asked by booking before it holds a slot, so no slot is held for a payment that cannot happen.',
    producers: ['booking'],
    consumers: ['payments'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.askAi,
    schemaName: 'AskAiRequest',
    schema: AskAiRequest,
    responseName: 'AskAiResponse | AdmitAiResponse',
    response: z.union([AskAiResponse, AdmitAiResponse]),
    purpose:
      "A visitor's spoken question, asked of the assistant as the chat asks it: crisis first, the same free questions, the same answers (offline engine); with mode admit (the Realtime engine, whose own model answers), the same decision and counting, and the words or instructions to speak instead of an answer.",
    producers: ['voice'],
    consumers: ['ai-query'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.giveBackAi,
    schemaName: 'GiveBackAiRequest',
    schema: GiveBackAiRequest,
    responseName: 'GiveBackAiResponse',
    response: GiveBackAiResponse,
    purpose:
      "An admitted spoken question that went unanswered (the Realtime model failed, its socket was lost, the call ended before any of the answer was heard) is given back by the signed token of the admit's reply, once: the chat's rule, no answer, no cost.",
    producers: ['voice'],
    consumers: ['ai-query'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceAvailability,
    schemaName: 'PracticeAvailabilityRequest',
    schema: PracticeAvailabilityRequest,
    responseName: 'PracticeAvailabilityResponse',
    response: PracticeAvailabilityResponse,
    purpose:
      "The console's availability: each plan's weekly rules (the catalogue's until changed), the exceptions from today on, and the live bookings the rules no longer cover.",
    producers: ['practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceAvailabilitySet,
    schemaName: 'PracticeAvailabilitySetRequest',
    schema: PracticeAvailabilitySetRequest,
    responseName: 'PracticeAvailabilitySetResponse',
    response: PracticeAvailabilitySetResponse,
    purpose:
      "Staff change a plan's weekly rules, add a day off, a holiday or an extra day, or remove one; the answer lists the bookings now outside the rules (never cancelled by it).",
    producers: ['practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceCalendar,
    schemaName: 'PracticeCalendarRpcRequest',
    schema: PracticeCalendarRpcRequest,
    responseName: 'CalendarResponse',
    response: CalendarResponse,
    purpose:
      "The console's calendar: the bookings of a range of the practice's days with visitor, notes, status and payment (practice asks for a staff session).",
    producers: ['practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceCancel,
    schemaName: 'PracticeCancelRpcRequest',
    schema: PracticeCancelRpcRequest,
    responseName: 'CalendarBooking',
    response: CalendarBooking,
    purpose:
      'Staff cancel a confirmed booking: the same cancellation as by link (booking.v1.cancelled, which payments refunds by), inside the notice too.',
    producers: ['practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceMove,
    schemaName: 'PracticeMoveRpcRequest',
    schema: PracticeMoveRpcRequest,
    responseName: 'CalendarBooking',
    response: CalendarBooking,
    purpose:
      'Staff move a confirmed booking to a free slot of its plan: the same move as by link (booking.v1.rescheduled, the "has moved" e-mail).',
    producers: ['practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceAttendance,
    schemaName: 'PracticeAttendanceRpcRequest',
    schema: PracticeAttendanceRpcRequest,
    responseName: 'CalendarBooking',
    response: CalendarBooking,
    purpose: 'Staff mark a confirmed session that has begun attended or no-show.',
    producers: ['practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceFeed,
    schemaName: 'PracticeFeedRequest',
    schema: PracticeFeedRequest,
    responseName: 'PracticeFeedResponse',
    response: PracticeFeedResponse,
    purpose:
      "A staff member's calendar feed (.ics): the confirmed sessions of a window, each with what a feed may show (the plan, the time, the visitor's first name; never an e-mail address or notes).",
    producers: ['practice'],
    consumers: ['booking'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceList,
    schemaName: 'PracticeListRpcRequest',
    schema: PracticeListRpcRequest,
    responseName: 'PracticeListRpcResponse',
    response: PracticeListRpcResponse,
    purpose:
      "The e-mail list's confirmed addresses with their consent records, a page at a time, for the console's list and its CSV export (practice asks for an admin).",
    producers: ['practice'],
    consumers: ['content'],
  },
  {
    delivery: 'request-reply',
    subject: RpcSubjects.practiceNumbers,
    schemaName: 'PracticeNumbersRpcRequest',
    schema: PracticeNumbersRpcRequest,
    responseName: 'PracticeNumbersRpcResponse',
    response: PracticeNumbersRpcResponse,
    purpose: "The confirmed sessions per plan on each of a range of the practice's days, for the console's numbers.",
    producers: ['practice'],
    consumers: ['booking'],
  },
] as const satisfies readonly CatalogueEntry[];

/** A JetStream key-value bucket: NATS storage that one service owns (its name is configurable). */
export interface BucketEntry {
  /** The default name. */
  bucket: string;
  /** The variable that renames it. */
  variable: string;
  owner: NatsService;
  purpose: string;
}

export const KV_BUCKETS = [
  {
    bucket: 'ai_quota',
    variable: 'QUOTA_BUCKET',
    owner: 'ai-query',
    purpose: "The free questions' slots: one key per question taken, per guest and day.",
  },
  {
    bucket: 'content_signups',
    variable: 'SIGNUP_LIMIT_BUCKET',
    owner: 'content',
    purpose: 'E-mail sign-up counts per client address and per e-mail address, per window.',
  },
] as const satisfies readonly BucketEntry[];

const entries: readonly CatalogueEntry[] = EVENT_CATALOGUE;

/** The stream subjects `service` publishes (the dead-letter subject is the kit's, granted with a consumer). */
export const eventsPublishedBy = (service: NatsService): string[] =>
  entries
    .filter((e) => e.delivery === 'jetstream' && e.subject !== DEAD_LETTER_SUBJECT && e.producers.includes(service))
    .map((e) => e.subject);

/** The durable consumers `service` runs, with the subject each reads. */
export const consumersRunBy = (service: NatsService): { durable: string; subject: string }[] =>
  entries.flatMap((e) =>
    e.delivery === 'jetstream'
      ? e.consumers.filter((c) => c.service === service).map((c) => ({ durable: c.durable, subject: e.subject }))
      : [],
  );

/** The request subjects `service` asks on. */
export const requestsSentBy = (service: NatsService): string[] =>
  entries.filter((e) => e.delivery === 'request-reply' && e.producers.includes(service)).map((e) => e.subject);

/** The request subjects `service` answers. */
export const requestsAnsweredBy = (service: NatsService): string[] =>
  entries
    .filter((e) => e.delivery === 'request-reply' && (e.consumers as readonly string[]).includes(service))
    .map((e) => e.subject);
