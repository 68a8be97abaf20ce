import type {
  AvailabilityQuery,
  AvailabilityResponse,
  BookSessionRequest,
  BookSessionResponse,
  CheckoutCompleteRequest,
  CompleteSubscriptionRequest,
  CompleteSubscriptionResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  OpenDaysQuery,
  OpenDaysResponse,
  PaymentStatusResponse,
  ReleaseSessionRequest,
  SessionResponse,
  SubscriptionStatusResponse,
} from '@hhp/proto';
import { api } from '../api/api';

export { usePaymentsConfigQuery } from '../api/payments-config';

/**
 * Booking (the booking service) and paying for it (the payments service). Slots change under other visitors'
 * bookings, so a booking attempt, won or lost, invalidates every day's availability; the screens that wait for
 * a payment read sessions and statuses again themselves (use-backoff-poll.ts).
 */
const paymentsApi = api.enhanceEndpoints({ addTagTypes: ['Availability', 'Session', 'Subscription'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/availability?type=&date= */
    availability: build.query<AvailabilityResponse, AvailabilityQuery>({
      query: ({ type, date }) => ({ url: '/api/availability', params: { type, date } }),
      providesTags: ['Availability'],
      keepUnusedDataFor: 30,
    }),
    /**
     * GET /api/availability/days?type=&from=&to=: the days the practice's rules open (not whether a seat is free:
     * no booking changes it, so no tag).
     */
    openDays: build.query<OpenDaysResponse, OpenDaysQuery>({
      query: ({ type, from, to }) => ({ url: '/api/availability/days', params: { type, from, to } }),
      keepUnusedDataFor: 60,
    }),
    /** POST /api/book-session */
    bookSession: build.mutation<BookSessionResponse, BookSessionRequest>({
      query: (body) => ({ url: '/api/book-session', method: 'POST', body }),
      invalidatesTags: ['Availability'],
    }),
    /** GET /api/session/{id} */
    session: build.query<SessionResponse, string>({
      query: (id) => `/api/session/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Session', id }],
    }),
    /** POST /api/session/{id}/release: the visitor gives the hold back (the token only this browser was told). */
    releaseHold: build.mutation<SessionResponse, ReleaseSessionRequest & { id: string }>({
      query: ({ id, token }) => ({
        url: `/api/session/${encodeURIComponent(id)}/release`,
        method: 'POST',
        body: { token },
      }),
      invalidatesTags: (_result, _error, { id }) => ['Availability', { type: 'Session', id }],
    }),
    /** POST /api/create-payment-intent */
    createPaymentIntent: build.mutation<CreatePaymentIntentResponse, CreatePaymentIntentRequest>({
      query: (body) => ({ url: '/api/create-payment-intent', method: 'POST', body }),
    }),
    /** GET /api/payments/status?sessionId= */
    paymentStatus: build.query<PaymentStatusResponse, string>({
      query: (sessionId) => ({ url: '/api/payments/status', params: { sessionId } }),
    }),
    /** POST /api/create-subscription: a customer and the SetupIntent for the card. */
    createSubscription: build.mutation<CreateSubscriptionResponse, CreateSubscriptionRequest>({
      query: (body) => ({ url: '/api/create-subscription', method: 'POST', body }),
    }),
    /** POST /api/complete-subscription: the subscription, with the card as its default; sets the subscriber cookie. */
    completeSubscription: build.mutation<CompleteSubscriptionResponse, CompleteSubscriptionRequest>({
      query: (body) => ({ url: '/api/complete-subscription', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    /** GET /api/subscription: this browser's subscription, by its subscriber cookie. */
    subscriptionStatus: build.query<SubscriptionStatusResponse, void>({
      query: () => '/api/subscription',
      providesTags: ['Subscription'],
    }),
    /** POST /api/subscription/checkout-complete: the hosted Checkout's return, verified with Stripe. */
    checkoutComplete: build.mutation<SubscriptionStatusResponse, CheckoutCompleteRequest>({
      query: (body) => ({ url: '/api/subscription/checkout-complete', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const {
  useAvailabilityQuery,
  useOpenDaysQuery,
  useBookSessionMutation,
  useSessionQuery,
  useReleaseHoldMutation,
  useCreatePaymentIntentMutation,
  usePaymentStatusQuery,
  useCreateSubscriptionMutation,
  useCompleteSubscriptionMutation,
  useSubscriptionStatusQuery,
  useCheckoutCompleteMutation,
} = paymentsApi;
