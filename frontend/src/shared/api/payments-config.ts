import type { PaymentsConfigResponse } from '@hhp/proto';
import { api } from './api';

/**
 * GET /api/payments/config: payments' publishable key, or a 503 whose sentence says that online payment is not
 * available and whom to write to. Shared: every screen that offers a payment (the home page's Subscribe button,
 * /book, /checkout, /subscribe) says so before anything is attempted, from this one answer.
 */
export const paymentsConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentsConfig: build.query<PaymentsConfigResponse, void>({
      query: () => '/api/payments/config',
    }),
  }),
});

export const { usePaymentsConfigQuery } = paymentsConfigApi;
