import type {
  CancelSessionRequest,
  ManageSessionRequest,
  ManageSessionResponse,
  RescheduleSessionRequest,
} from '@hhp/proto';
import { api } from '../../../shared/api/api';

type Manage<Request> = Request & { bookingId: string };

/** The booking as a change answered it replaces the page's booking (the manage query of the same link). */
async function showAnswer(
  { bookingId, token }: Manage<ManageSessionRequest>,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ManageSessionResponse }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(manageApi.util.updateQueryData('manageSession', { bookingId, token }, () => data));
  } catch {
    // A refusal changes nothing here; the step shows it.
  }
}

/**
 * The "Change or cancel" link's calls (POST /api/session/{id}/manage|reschedule|cancel, the link's token in each
 * body). The booking as the page shows it is one cache entry, the manage answer: a reschedule or a cancellation
 * answers the booking as it now is, which replaces that entry, and the slots they free or take are read again.
 */
export const manageApi = api.enhanceEndpoints({ addTagTypes: ['Availability'] }).injectEndpoints({
  endpoints: (build) => ({
    manageSession: build.query<ManageSessionResponse, Manage<ManageSessionRequest>>({
      query: ({ bookingId, token }) => ({
        url: `/api/session/${encodeURIComponent(bookingId)}/manage`,
        method: 'POST',
        body: { token },
      }),
    }),
    rescheduleSession: build.mutation<ManageSessionResponse, Manage<RescheduleSessionRequest>>({
      query: ({ bookingId, token, scheduledAt }) => ({
        url: `/api/session/${encodeURIComponent(bookingId)}/reschedule`,
        method: 'POST',
        body: { token, scheduledAt },
      }),
      // A lost slot (409) is news about the slots too: the list is read again whatever the answer.
      invalidatesTags: ['Availability'],
      onQueryStarted: showAnswer,
    }),
    cancelSession: build.mutation<ManageSessionResponse, Manage<CancelSessionRequest>>({
      query: ({ bookingId, token }) => ({
        url: `/api/session/${encodeURIComponent(bookingId)}/cancel`,
        method: 'POST',
        body: { token },
      }),
      invalidatesTags: ['Availability'],
      onQueryStarted: showAnswer,
    }),
  }),
});

export const { useManageSessionQuery, useRescheduleSessionMutation, useCancelSessionMutation } = manageApi;
