import { z } from 'zod';
import { VideoCategory } from './videos.js';
import { VoiceEndReason } from './voice.js';
import { EMAIL_SOURCES } from './email.js';
import { SESSION_TYPES } from './catalogue/plans.js';

/** The one JetStream stream every event of the portal goes to. */
export const EVENTS_STREAM = 'PORTAL_EVENTS';
/** Subjects that the stream holds: `<context>.v<version>.<event>`. */
export const EVENTS_SUBJECTS = [
  'email.v1.>',
  'video.v1.>',
  'crisis.v1.>',
  'ai.v1.>',
  'booking.v1.>',
  'payment.v1.>',
  'subscription.v1.>',
  'voice.v1.>',
];
/** Messages a consumer gave up on are republished here, with the original subject in a header. */
export const DEAD_LETTER_SUBJECT = 'deadletter.v1.event';

/** Every event: `id` is also the JetStream msgID, so a re-publish is dropped by the server. */
export const envelope = <T extends z.ZodType>(type: string, data: T) =>
  z.object({
    id: z.string().min(1),
    type: z.literal(type),
    occurredAt: z.iso.datetime(),
    data,
  });

/**
 * Request-reply subjects (core NATS, answered by a queue group; who asks and who answers: event-catalogue.ts). Deliberately outside the stream's
 * subjects: a request on a stream subject would be answered by JetStream's publish acknowledgement.
 */
export const RpcSubjects = {
  detectCrisis: 'rpc.crisis.v1.detect',
  crisisInfo: 'rpc.crisis.v1.info',
  bookingSession: 'rpc.booking.v1.session',
  paymentsStatus: 'rpc.payments.v1.status',
  askAi: 'rpc.ai.v1.ask',
  giveBackAi: 'rpc.ai.v1.give-back',
  practiceAvailability: 'rpc.booking.v1.practice-availability',
  practiceAvailabilitySet: 'rpc.booking.v1.practice-availability-set',
  practiceCalendar: 'rpc.booking.v1.practice-calendar',
  practiceCancel: 'rpc.booking.v1.practice-cancel',
  practiceMove: 'rpc.booking.v1.practice-move',
  practiceAttendance: 'rpc.booking.v1.practice-attendance',
  practiceFeed: 'rpc.booking.v1.practice-feed',
  practiceList: 'rpc.content.v1.practice-list',
  practiceNumbers: 'rpc.booking.v1.practice-numbers',
} as const;

/**
 * Where a NATS user's replies arrive (request-reply and JetStream API answers): `_INBOX.<user>.…`, so that
 * each user may be allowed its own inboxes only and cannot read another's replies.
 */
export const natsInboxPrefix = (user: string): string => `_INBOX.${user.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** What the crisis service judges with: ai-query skips asking when it would learn nothing new. */
export const CrisisInfo = z.object({
  /** A moderation model is asked besides the rules. */
  moderation: z.boolean(),
  /** The version of the shared rules module it runs. */
  rulesVersion: z.string(),
  /** The version of the crisis model it judges with besides the rules (CRISIS_MODEL_VERSION); absent without one. */
  model: z.string().optional(),
});
export type CrisisInfo = z.infer<typeof CrisisInfo>;

/** The events on the stream; who produces and who consumes each is in event-catalogue.ts. */
export const Subjects = {
  emailSubscribed: 'email.v1.subscribed',
  videoUpserted: 'video.v1.upserted',
  crisisDetected: 'crisis.v1.detected',
  aiAnswered: 'ai.v1.answered',
  subscriptionChanged: 'subscription.v1.changed',
  bookingConfirmed: 'booking.v1.confirmed',
  bookingExpired: 'booking.v1.expired',
  bookingConflict: 'booking.v1.conflict',
  bookingRescheduled: 'booking.v1.rescheduled',
  bookingCancelled: 'booking.v1.cancelled',
  paymentSucceeded: 'payment.v1.succeeded',
  paymentFailed: 'payment.v1.failed',
  paymentRefunded: 'payment.v1.refunded',
  invoicePaid: 'payment.v1.invoice.paid',
  invoiceFailed: 'payment.v1.invoice.failed',
  voiceSessionStarted: 'voice.v1.session-started',
  voiceSessionEnded: 'voice.v1.session-ended',
} as const;

/** A visitor id as events carry it: a salted SHA-256, never the guestId or address itself. */
const HashedVisitor = z.string().regex(/^[0-9a-f]{64}$/);

export const EmailSubscribedEvent = envelope(
  Subjects.emailSubscribed,
  z.object({ email: z.email(), source: z.enum(EMAIL_SOURCES) }),
);
export type EmailSubscribedEvent = z.infer<typeof EmailSubscribedEvent>;

export const VideoUpsertedEvent = envelope(
  Subjects.videoUpserted,
  z.object({ id: z.string(), category: VideoCategory, created: z.boolean() }),
);
export type VideoUpsertedEvent = z.infer<typeof VideoUpsertedEvent>;

/** A crisis was detected: which rule (or the moderation model) raised it, never the text. */
export const CrisisDetectedEvent = envelope(
  Subjects.crisisDetected,
  z.object({
    visitor: HashedVisitor.optional(),
    /** Which layer decided: the rules, the in-process crisis model, or the moderation model. */
    source: z.enum(['rules', 'model', 'moderation']),
    ruleId: z.string().optional(),
    channel: z.enum(['http', 'rpc']),
  }),
);
export type CrisisDetectedEvent = z.infer<typeof CrisisDetectedEvent>;

/** emergency: a medical emergency asked with no free question left, answered with where to get help. */
export const AI_ANSWER_MODES = ['openai', 'offline', 'crisis', 'emergency'] as const;

/** For analytics: how an answer was made and how long it took; no message text. */
export const AiAnsweredEvent = envelope(
  Subjects.aiAnswered,
  z.object({
    visitor: HashedVisitor,
    mode: z.enum(AI_ANSWER_MODES),
    streamed: z.boolean(),
    isSubscriber: z.boolean(),
    latencyMs: z.number().nonnegative(),
    promptTokens: z.number().int().nonnegative().optional(),
    completionTokens: z.number().int().nonnegative().optional(),
    sources: z.number().int().nonnegative(),
  }),
);
export type AiAnsweredEvent = z.infer<typeof AiAnsweredEvent>;

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
/** The statuses that give unlimited questions. */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing'];

/** Payments' view of a subscription changed (created, paid, cancelled …); ai-query projects it. */
export const SubscriptionChangedEvent = envelope(
  Subjects.subscriptionChanged,
  z.object({
    customerId: z.string().min(1),
    subscriptionId: z.string().min(1),
    status: z.enum(SUBSCRIPTION_STATUSES),
    currentPeriodEnd: z.iso.datetime().optional(),
    /** The subscription plan's booking that led to it (/subscribe?sessionId=), when there was one. */
    bookingId: z.string().min(1).optional(),
  }),
);
export type SubscriptionChangedEvent = z.infer<typeof SubscriptionChangedEvent>;

// --- Bookings and payments. Events carry ids, never a visitor's name or e-mail: who needs them asks
// booking over rpc.booking.v1.session.

const SessionType = z.enum(SESSION_TYPES);

/** A booking was paid and its slot is the visitor's. */
export const BookingConfirmedEvent = envelope(
  Subjects.bookingConfirmed,
  z.object({
    bookingId: z.string().min(1),
    type: SessionType,
    scheduledAt: z.iso.datetime(),
    durationMinutes: z.number().int().positive(),
    timeZone: z.string().min(1),
    /** What paid for it: a session's payment, or (the subscription plan) the subscription. */
    paymentIntentId: z.string().min(1).optional(),
    subscriptionId: z.string().min(1).optional(),
    amountCents: z.number().int().nonnegative(),
  }),
);
export type BookingConfirmedEvent = z.infer<typeof BookingConfirmedEvent>;

/** An unpaid hold lapsed and its slot is free again. */
export const BookingExpiredEvent = envelope(
  Subjects.bookingExpired,
  z.object({ bookingId: z.string().min(1), type: SessionType, scheduledAt: z.iso.datetime() }),
);
export type BookingExpiredEvent = z.infer<typeof BookingExpiredEvent>;

/** A payment arrived for a booking that cannot have its seat: payments refunds it. */
export const BookingConflictEvent = envelope(
  Subjects.bookingConflict,
  z.object({
    bookingId: z.string().min(1),
    paymentIntentId: z.string().min(1),
    amountCents: z.number().int().nonnegative(),
    reason: z.enum(['slot-taken', 'cancelled', 'unknown-booking', 'amount-mismatch']),
  }),
);
export type BookingConflictEvent = z.infer<typeof BookingConflictEvent>;

/** A confirmed booking moved to another slot of its plan (by the visitor's "Change or cancel" link). */
export const BookingRescheduledEvent = envelope(
  Subjects.bookingRescheduled,
  z.object({
    bookingId: z.string().min(1),
    type: SessionType,
    previousScheduledAt: z.iso.datetime(),
    scheduledAt: z.iso.datetime(),
    durationMinutes: z.number().int().positive(),
    timeZone: z.string().min(1),
    /** How many times the booking has changed: the invite's SEQUENCE, so a calendar keeps the latest. */
    sequence: z.number().int().positive(),
  }),
);
export type BookingRescheduledEvent = z.infer<typeof BookingRescheduledEvent>;

/**
 * A confirmed booking was cancelled by the visitor: its slot is free again, and a session paid by card is
 * refunded in full (`paymentIntentId` and `amountCents`; absent for the subscription plan's sessions).
 */
export const BookingCancelledEvent = envelope(
  Subjects.bookingCancelled,
  z.object({
    bookingId: z.string().min(1),
    type: SessionType,
    scheduledAt: z.iso.datetime(),
    sequence: z.number().int().positive(),
    paymentIntentId: z.string().min(1).optional(),
    amountCents: z.number().int().nonnegative(),
  }),
);
export type BookingCancelledEvent = z.infer<typeof BookingCancelledEvent>;

/** A session's payment succeeded (from Stripe's `payment_intent.succeeded`; the id is Stripe's event id). */
export const PaymentSucceededEvent = envelope(
  Subjects.paymentSucceeded,
  z.object({
    paymentIntentId: z.string().min(1),
    bookingId: z.string().min(1),
    amountCents: z.number().int().nonnegative(),
    currency: z.string().length(3),
  }),
);
export type PaymentSucceededEvent = z.infer<typeof PaymentSucceededEvent>;

/** A session's payment attempt failed (`payment_intent.payment_failed`). */
export const PaymentFailedEvent = envelope(
  Subjects.paymentFailed,
  z.object({
    paymentIntentId: z.string().min(1),
    bookingId: z.string().min(1).optional(),
    message: z.string().optional(),
  }),
);
export type PaymentFailedEvent = z.infer<typeof PaymentFailedEvent>;

/** A session's payment was refunded (a booking conflict, or a cancellation). */
export const PaymentRefundedEvent = envelope(
  Subjects.paymentRefunded,
  z.object({
    paymentIntentId: z.string().min(1),
    bookingId: z.string().min(1),
    refundId: z.string().min(1),
    amountCents: z.number().int().nonnegative(),
    reason: z.string(),
  }),
);
export type PaymentRefundedEvent = z.infer<typeof PaymentRefundedEvent>;

const InvoiceData = z.object({
  invoiceId: z.string().min(1),
  customerId: z.string().min(1),
  subscriptionId: z.string().min(1).optional(),
  amountCents: z.number().int().nonnegative(),
});

/** A subscription's invoice was paid (`invoice.paid`). */
export const InvoicePaidEvent = envelope(Subjects.invoicePaid, InvoiceData);
export type InvoicePaidEvent = z.infer<typeof InvoicePaidEvent>;

/** A subscription's invoice could not be paid (`invoice.payment_failed`). */
export const InvoiceFailedEvent = envelope(Subjects.invoiceFailed, InvoiceData);
export type InvoiceFailedEvent = z.infer<typeof InvoiceFailedEvent>;

/** A voice call began (its peer connection is being set up): no audio, no words. */
export const VoiceSessionStartedEvent = envelope(
  Subjects.voiceSessionStarted,
  z.object({
    sessionId: z.string().min(1),
    /** Which engine answers the call (`offline`, `openai`, …). */
    engine: z.string().min(1),
  }),
);
export type VoiceSessionStartedEvent = z.infer<typeof VoiceSessionStartedEvent>;

/** A voice call ended: how long it lasted, how many questions were answered, why it ended; no audio, no transcript. */
export const VoiceSessionEndedEvent = envelope(
  Subjects.voiceSessionEnded,
  z.object({
    sessionId: z.string().min(1),
    engine: z.string().min(1),
    durationSeconds: z.number().nonnegative(),
    turns: z.number().int().nonnegative(),
    reason: VoiceEndReason,
  }),
);
export type VoiceSessionEndedEvent = z.infer<typeof VoiceSessionEndedEvent>;
