// rpc.booking.v1.practice-feed: the practice service serves a staff member's calendar feed (.ics) and asks here for
// the confirmed sessions of its window. Booking owns the visitors' details and decides what leaves it: the plan,
// the time, the invite's UID and SEQUENCE (so the feed's event is the e-mailed invite's) and the visitor's first
// name; never an e-mail address, a surname or the notes a visitor wrote. The request is checked again here (zod):
// practice's role decision is trusted, its input is not.
import { FEED_MAX_SESSIONS, PracticeFeedRequest, RpcSubjects, type PracticeFeedResponse } from '@hhp/proto';
import type { EventBus } from '@hhp/kit';
import mongoose from 'mongoose';
import type { BookingDocument, BookingModel } from '../sessions/booking.model.js';
import { inviteUid, planName, type Practice } from '../notifications/confirmation-email.js';

/** The first word of the name the visitor gave ("Ada" of "Ada Lovelace"). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

type Listed = Pick<BookingDocument, '_id' | 'type' | 'scheduledAt' | 'durationMinutes' | 'name' | 'sequence'>;

export async function practiceFeed(
  model: BookingModel,
  practice: Practice,
  timeZone: string,
  { from, to, types }: PracticeFeedRequest,
): Promise<PracticeFeedResponse> {
  const docs = await model
    .find(
      // sanitizeFilter is on: the operators are the service's own, their values checked by the schema.
      {
        status: 'confirmed',
        type: mongoose.trusted({ $in: types }),
        scheduledAt: mongoose.trusted({ $gte: new Date(from), $lt: new Date(to) }),
      },
      { _id: 1, type: 1, scheduledAt: 1, durationMinutes: 1, name: 1, sequence: 1 },
    )
    .sort({ scheduledAt: 1, _id: 1 })
    .limit(FEED_MAX_SESSIONS)
    .lean<Listed[]>()
    .exec();
  return {
    timeZone,
    sessions: docs.map((booking) => ({
      uid: inviteUid(booking._id, practice),
      type: booking.type,
      title: planName(booking, practice),
      startsAt: booking.scheduledAt.toISOString(),
      durationMinutes: booking.durationMinutes,
      visitor: firstName(booking.name),
      sequence: booking.sequence ?? 0,
    })),
  };
}

export function practiceFeedReplies(bus: EventBus, model: BookingModel, practice: Practice, timeZone: string) {
  const feed = bus.reply(RpcSubjects.practiceFeed, {
    request: PracticeFeedRequest,
    handler: (request) => practiceFeed(model, practice, timeZone, request),
  });
  return { drain: () => feed.drain() };
}
