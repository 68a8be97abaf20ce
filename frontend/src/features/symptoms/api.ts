import type { PerspectiveRequest, QueryAiRequest, QueryAiResponse, SymptomPerspective } from '@hhp/proto';
import { aiApi } from '../../shared/ai/api';
import { guestId } from '../../shared/ai/guest-id';

/**
 * The Symptom Explorer's two calls. The analysis is a question to the AI (POST /api/query-ai, counted as one),
 * sent as the visitor's symptoms with `kind: 'symptom-analysis'`: the service wraps them in the request for a
 * holistic analysis (specification, section 5) and remembers the analysis it gave (`analysisId`). A perspective
 * on it (POST /api/query-ai/perspective) is part of that analysis: it carries only the analysis's id and the
 * perspective, and is not counted, so it leaves the counters as they are.
 */
export const symptomsApi = aiApi.injectEndpoints({
  endpoints: (build) => ({
    analyzeSymptoms: build.mutation<QueryAiResponse, { symptoms: string }>({
      query: ({ symptoms }) => ({
        url: '/api/query-ai',
        method: 'POST',
        body: {
          query: symptoms,
          userId: null,
          sessionId: null,
          guestId: guestId(),
          kind: 'symptom-analysis',
        } satisfies QueryAiRequest,
      }),
      invalidatesTags: ['Quota'],
    }),
    perspective: build.mutation<QueryAiResponse, { analysisId: string; perspective: SymptomPerspective }>({
      query: ({ analysisId, perspective }) => ({
        url: '/api/query-ai/perspective',
        method: 'POST',
        body: { analysisId, perspective, guestId: guestId() } satisfies PerspectiveRequest,
      }),
    }),
  }),
});

export const { useAnalyzeSymptomsMutation, usePerspectiveMutation } = symptomsApi;
