import type { JoinSessionRequest, JoinSessionResponse } from '@hhp/proto';
import { api } from '../../../shared/api/api';

/** POST /api/session/{id}/join: the join link of an AI Avatar Session, followed (booking sets the pass cookie). */
const joinApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinSession: build.mutation<JoinSessionResponse, JoinSessionRequest & { bookingId: string }>({
      query: ({ bookingId, token }) => ({
        url: `/api/session/${encodeURIComponent(bookingId)}/join`,
        method: 'POST',
        body: { token },
      }),
    }),
  }),
});

export const { useJoinSessionMutation } = joinApi;
