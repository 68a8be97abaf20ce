import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
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

export const aiApi = api.enhanceEndpoints({ addTagTypes: ['Quota'] }).injectEndpoints({
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

/** The cached counters, for code outside React (the components read them with `useQuotaQuery`). */
export const selectQuota = aiApi.endpoints.quota.select();

export type QuotaState = Parameters<ReturnType<typeof aiApi.endpoints.quota.select>>[0];
/** The store's dispatch as the AI's thunks need it: `useDispatch<AiDispatch>()`. */
export type AiDispatch = ThunkDispatch<QuotaState, unknown, UnknownAction>;

/**
 * The counters an answer (or a 429) carried: they replace the cached /api/quota, the one copy every screen
 * reads. A read of /api/quota still in flight may have been answered before this question was counted, so
 * the counters are read again once it is done.
 */
export const quotaReceived =
  (quota: Quota): ThunkAction<void, QuotaState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    const reading = selectQuota(getState()).isLoading;
    const { queriesUsed, queriesAllowed, isSubscriber, sessionPass } = quota;
    const value: Quota = { queriesUsed, queriesAllowed, isSubscriber, ...(sessionPass ? { sessionPass } : {}) };
    dispatch(aiApi.util.upsertQueryEntries([{ endpointName: 'quota', arg: undefined, value }]));
    if (reading) dispatch(aiApi.util.invalidateTags(['Quota']));
  };

/** The counters may have changed behind the cache's back (a failed answer gives its question back): re-read. */
export const quotaStale = (): UnknownAction => aiApi.util.invalidateTags(['Quota']);
