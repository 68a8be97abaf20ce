import type {
  CompleteSignInRequest,
  PortalRequest,
  PortalResponse,
  SignInLinkRequest,
  SignInLinkResponse,
  SubscriptionStatusResponse,
} from '@hhp/proto';
import { api } from '../api/api';

/**
 * A subscriber on another device (the payments service): the sign-in link asked for by e-mail, the link
 * followed (the answer sets the subscriber cookie, so this browser's subscription is read again), and
 * Stripe's customer portal. Shared: the subscribe page and the chat's upgrade panel both offer the form.
 */
const signInApi = api.enhanceEndpoints({ addTagTypes: ['Subscription'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/subscription/sign-in: 202 with the same message for every address. */
    requestSignInLink: build.mutation<SignInLinkResponse, SignInLinkRequest>({
      query: (body) => ({ url: '/api/subscription/sign-in', method: 'POST', body }),
    }),
    /** POST /api/subscription/sign-in/complete: the link's token; sets the subscriber cookie. */
    completeSignIn: build.mutation<SubscriptionStatusResponse, CompleteSignInRequest>({
      query: (body) => ({ url: '/api/subscription/sign-in/complete', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    /** POST /api/subscription/portal: the welcome e-mail's token, or this browser's cookie. */
    openPortal: build.mutation<PortalResponse, PortalRequest>({
      query: (body) => ({ url: '/api/subscription/portal', method: 'POST', body }),
    }),
  }),
});

export const { useRequestSignInLinkMutation, useCompleteSignInMutation, useOpenPortalMutation } = signInApi;
