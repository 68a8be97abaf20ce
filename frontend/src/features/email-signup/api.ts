import type {
  ConfirmEmailRequest,
  ConfirmEmailResponse,
  SubscribeEmailRequest,
  SubscribeEmailResponse,
  UnsubscribeEmailResponse,
} from '@hhp/proto';
import { api } from '../../shared/api/api';

const emailSignupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/subscribe-email */
    subscribeEmail: build.mutation<SubscribeEmailResponse, SubscribeEmailRequest>({
      query: (body) => ({ url: '/api/subscribe-email', method: 'POST', body }),
    }),
    /** POST /api/subscribe-email/confirm: the confirmation e-mail's link. */
    confirmEmail: build.mutation<ConfirmEmailResponse, ConfirmEmailRequest>({
      query: (body) => ({ url: '/api/subscribe-email/confirm', method: 'POST', body }),
    }),
    /** POST /api/subscribe-email/unsubscribe?token=: a list e-mail's unsubscribe link. */
    unsubscribeEmail: build.mutation<UnsubscribeEmailResponse, { token: string }>({
      query: ({ token }) => ({ url: '/api/subscribe-email/unsubscribe', method: 'POST', params: { token }, body: {} }),
    }),
  }),
});

export const { useSubscribeEmailMutation, useConfirmEmailMutation, useUnsubscribeEmailMutation } = emailSignupApi;
