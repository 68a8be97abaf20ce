import type { CalendarBooking, CalendarResponse, PracticeAttendanceRequest } from '@hhp/proto';
import { api } from '../../../shared/api/api';

const BASE = '/api/practice';

/**
 * The calendar's calls (services/practice's calendar router, proto/src/practice-calendar.ts). A range is read
 * whole (every page of it); an action answers the booking as it is now, and the calendar is read again.
 */
export const calendarApi = api.enhanceEndpoints({ addTagTypes: ['PracticeCalendar', 'Availability'] }).injectEndpoints({
  endpoints: (build) => ({
    practiceCalendar: build.query<CalendarResponse, { from: string; to: string }>({
      async queryFn({ from, to }, _api, _options, fetch) {
        let cursor: string | undefined;
        let whole: CalendarResponse | undefined;
        // A month has at most a few pages (200 bookings each); ten is a bound, not an expectation.
        for (let page = 0; page < 10; page += 1) {
          const params = { from, to, ...(cursor ? { cursor } : {}) };
          const answer = await fetch({ url: `${BASE}/calendar`, params });
          if (answer.error) return { error: answer.error };
          const data = answer.data as CalendarResponse;
          whole = whole ? { ...data, bookings: [...whole.bookings, ...data.bookings] } : data;
          cursor = data.nextCursor;
          if (!cursor) break;
        }
        return { data: whole! };
      },
      providesTags: ['PracticeCalendar'],
      keepUnusedDataFor: 0,
    }),
    cancelBooking: build.mutation<CalendarBooking, { id: string }>({
      query: ({ id }) => ({ url: `${BASE}/bookings/${encodeURIComponent(id)}/cancel`, method: 'POST', body: {} }),
      invalidatesTags: ['PracticeCalendar', 'Availability'],
    }),
    moveBooking: build.mutation<CalendarBooking, { id: string; scheduledAt: string }>({
      query: ({ id, scheduledAt }) => ({
        url: `${BASE}/bookings/${encodeURIComponent(id)}/move`,
        method: 'POST',
        body: { scheduledAt },
      }),
      invalidatesTags: ['PracticeCalendar', 'Availability'],
    }),
    markAttendance: build.mutation<CalendarBooking, { id: string } & PracticeAttendanceRequest>({
      query: ({ id, outcome }) => ({
        url: `${BASE}/bookings/${encodeURIComponent(id)}/attendance`,
        method: 'POST',
        body: { outcome },
      }),
      invalidatesTags: ['PracticeCalendar'],
    }),
  }),
});

export const { usePracticeCalendarQuery, useCancelBookingMutation, useMoveBookingMutation, useMarkAttendanceMutation } =
  calendarApi;
