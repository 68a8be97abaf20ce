import { z } from 'zod';
import { VideoCategory } from './videos.js';
import { EMAIL_SOURCES } from './email.js';

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
 * Request-reply subjects (core NATS, answered by a queue group). Deliberately outside the stream's
 * subjects: a request on a stream subject would be answered by JetStream's publish acknowledgement.
 */
export const RpcSubjects = {
  detectCrisis: 'rpc.crisis.v1.detect',
} as const;

export const Subjects = {
  emailSubscribed: 'email.v1.subscribed',
  videoUpserted: 'video.v1.upserted',
} as const;

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
