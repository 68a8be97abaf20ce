import type { SubscribeEmailRequest, SubscribeEmailResponse } from '@hhp/proto';
import { api } from '../../shared/api/api';

const emailSignupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/subscribe-email */
    subscribeEmail: build.mutation<SubscribeEmailResponse, SubscribeEmailRequest>({
      query: (body) => ({ url: '/api/subscribe-email', method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeEmailMutation } = emailSignupApi;
