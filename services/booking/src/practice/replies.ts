// What the practice's console asks of booking (rpc.booking.v1.practice-*): its calendar, and staff's cancel,
// move and attendance. Practice decides who may ask (a staff session, audited); booking trusts that decision,
// not the request: every field is parsed again here. A cancellation and a move are the visitor's own by link
// (manage/change-booking.ts: the same events, so payments refunds by booking.v1.cancelled and the visitor gets
// the same e-mails), except that staff may make them inside the visitor's change notice, up to the start: the
// notice keeps a visitor from freeing a slot too late for anyone else to take it, which is the practice's own
// call to make (an illness, a visitor who phoned).
import type { EventBus, KeyedLock } from '@hhp/kit';
import {
  PracticeAttendanceRpcRequest,
  PracticeCalendarRpcRequest,
  PracticeCancelRpcRequest,
  PracticeMoveRpcRequest,
  RpcSubjects,
} from '@hhp/proto';
import { cancel, reschedule } from '../manage/change-booking.js';
import type { BookingDeps } from '../rules.js';
import { markAttendance } from './attendance.js';
import { calendarEntry, listCalendar } from './calendar-view.js';

/** Staff may change a booking until it starts. */
const STAFF_NOTICE_MS = 0;

export function practiceReplies(bus: EventBus, deps: BookingDeps & { locks: KeyedLock }) {
  const entry = (booking: Parameters<typeof calendarEntry>[0]) => calendarEntry(booking, deps.rules.timeZone);
  const subscriptions = [
    bus.reply(RpcSubjects.practiceCalendar, {
      request: PracticeCalendarRpcRequest,
      handler: (query) => listCalendar(deps, query),
    }),
    bus.reply(RpcSubjects.practiceCancel, {
      request: PracticeCancelRpcRequest,
      handler: async ({ bookingId, staffId }, { requestId }) => {
        deps.logger.info({ bookingId, staffId, requestId }, 'staff cancel a booking');
        return entry(await cancel(deps, { bookingId, requestId, noticeMs: STAFF_NOTICE_MS }));
      },
    }),
    bus.reply(RpcSubjects.practiceMove, {
      request: PracticeMoveRpcRequest,
      handler: async ({ bookingId, staffId, scheduledAt }, { requestId }) => {
        deps.logger.info({ bookingId, staffId, requestId, scheduledAt }, 'staff move a booking');
        return entry(await reschedule(deps, { bookingId, scheduledAt, requestId, noticeMs: STAFF_NOTICE_MS }));
      },
    }),
    bus.reply(RpcSubjects.practiceAttendance, {
      request: PracticeAttendanceRpcRequest,
      handler: async ({ bookingId, outcome }) => entry(await markAttendance(deps, { bookingId, outcome })),
    }),
  ];
  return { drain: () => Promise.all(subscriptions.map((s) => s.drain())) };
}
