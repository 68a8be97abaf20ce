import type { CreateCheckoutSessionRequest, CreateCheckoutSessionResponse } from '@hhp/proto';
import { api } from '../../shared/api/api';

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/create-checkout-session: the home page's subscription button, no e-mail known yet. */
    createCheckoutSession: build.mutation<CreateCheckoutSessionResponse, CreateCheckoutSessionRequest>({
      query: (body) => ({ url: '/api/create-checkout-session', method: 'POST', body }),
    }),
  }),
});

export const { useCreateCheckoutSessionMutation } = homeApi;
