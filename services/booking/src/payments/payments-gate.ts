// Booking holds a slot only for a payment that can happen: before it claims a seat it asks payments
// (rpc.payments.v1.status) whether a payment can be taken now. Payments' configuration (Stripe's keys) is the
// one source of that answer, the same the browser reads through GET /api/payments/config. With payments off
// the visitor hears at once that online booking is unavailable and where to write instead, and nothing is held.
import { HttpError, type EventBus } from '@hhp/kit';
import { PaymentsStatusResponse, RpcSubjects } from '@hhp/proto';

export const paymentsOffMessage = (supportEmail: string) =>
  `Online booking is not available right now because card payments are switched off, so no time has been held for you. To book a session, please write to ${supportEmail}.`;

const PAYMENTS_SILENT =
  'Online booking is not available right now because the payment service does not answer, so no time has been held for you. Please try again in a few minutes.';

export interface PaymentsGate {
  /** Resolves when a payment can be taken now; otherwise a 503 whose message the visitor reads. */
  assertAcceptsPayments(requestId?: string): Promise<void>;
}

export function paymentsGate(bus: Pick<EventBus, 'request'>, timeoutMs: number): PaymentsGate {
  return {
    async assertAcceptsPayments(requestId) {
      let status: PaymentsStatusResponse;
      try {
        status = await bus.request(
          RpcSubjects.paymentsStatus,
          {},
          { response: PaymentsStatusResponse, timeoutMs, ...(requestId ? { requestId } : {}) },
        );
      } catch (err) {
        throw new HttpError(503, PAYMENTS_SILENT, { cause: err });
      }
      if (!status.acceptsPayments) throw new HttpError(503, paymentsOffMessage(status.supportEmail));
    },
  };
}
