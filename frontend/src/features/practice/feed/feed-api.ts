import type { CalendarFeedCreated, CalendarFeedStatus } from '@hhp/proto';
import { api } from '../../../shared/api/api';

const FEED = '/api/practice/feed';

/**
 * The signed-in staff member's calendar feed (services/practice's feed routes, proto/src/practice-feed.ts): whether
 * she has one, making a new one (its address comes back this once) and revoking it.
 */
export const feedApi = api.enhanceEndpoints({ addTagTypes: ['PracticeFeed', 'PracticeAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    calendarFeed: build.query<CalendarFeedStatus, void>({
      query: () => FEED,
      providesTags: ['PracticeFeed'],
      keepUnusedDataFor: 0,
    }),
    createCalendarFeed: build.mutation<CalendarFeedCreated, void>({
      query: () => ({ url: FEED, method: 'POST', body: {} }),
      invalidatesTags: ['PracticeFeed', 'PracticeAudit'],
    }),
    revokeCalendarFeed: build.mutation<{ message: string }, void>({
      query: () => ({ url: FEED, method: 'DELETE', body: {} }),
      invalidatesTags: ['PracticeFeed', 'PracticeAudit'],
    }),
  }),
});

export const { useCalendarFeedQuery, useCreateCalendarFeedMutation, useRevokeCalendarFeedMutation } = feedApi;
