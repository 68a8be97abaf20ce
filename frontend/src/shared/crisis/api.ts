import type { DetectCrisisRequest, DetectCrisisResponse } from '@hhp/proto';
import { api } from '../api/api';

const crisisApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/detect-crisis: the server's check, asked when the browser's keyword list matched. */
    detectCrisis: build.mutation<DetectCrisisResponse, DetectCrisisRequest>({
      query: (body) => ({ url: '/api/detect-crisis', method: 'POST', body }),
    }),
  }),
});

export const { useDetectCrisisMutation } = crisisApi;
