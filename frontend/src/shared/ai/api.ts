import type { QueryAiRequest, QueryAiResponse, Quota } from '@hhp/proto';
import { api } from '../api/api';
import { guestId } from './guest-id';

/** What a screen sends: the question; the guestId is added here, so every AI call carries it. */
export interface AskInput {
  query: string;
  /** The symptom page sends only the query (specification, section 7). */
  queryOnly?: boolean;
}

const aiApi = api.enhanceEndpoints({ addTagTypes: ['Quota'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/query-ai */
    queryAi: build.mutation<QueryAiResponse, AskInput>({
      query: ({ query, queryOnly }) => ({
        url: '/api/query-ai',
        method: 'POST',
        body: (queryOnly
          ? { query }
          : { query, userId: null, sessionId: null, guestId: guestId() }) satisfies Partial<QueryAiRequest>,
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
