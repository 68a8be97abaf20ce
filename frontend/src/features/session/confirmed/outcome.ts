// What the session's confirmation page says, from what the servers say (never from the return address alone):
// Stripe sends the visitor back at once, and the webhook that confirms the booking may land a moment later;
// until it does, the page says the payment was received and asks again, backing off.
import type { PaymentStatusResponse, SessionResponse } from '@hhp/proto';
import type { AskingView } from '../../../shared/payments/ui/StatusPage';

export type SessionOutcome =
  | 'confirmed'
  /** Paid (or being paid), the booking not confirmed yet: the webhook is on its way. */
  | 'waiting'
  | 'not-paid'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'cancelled'
  /** The subscription plan's booking: paid by subscribing. */
  | 'subscription';

/**
 * `returnedPaid`: Stripe's return address said the payment succeeded. The server is asked which it is;
 * the address only keeps the page waiting (rather than saying "not paid") while Stripe's answer catches up.
 */
export function sessionOutcome(
  session: SessionResponse,
  payment: PaymentStatusResponse['payment'],
  returnedPaid: boolean,
): SessionOutcome {
  switch (session.status) {
    case 'confirmed':
      return 'confirmed';
    case 'refunded':
      return 'refunded';
    case 'cancelled':
      return 'cancelled';
    case 'pending-subscription':
      return 'subscription';
    default:
      break;
  }
  switch (payment) {
    case 'succeeded':
    case 'processing':
      return 'waiting';
    case 'refunded':
      return 'refunded';
    case 'failed':
      return 'failed';
    case 'none':
      if (returnedPaid) return 'waiting';
      return session.status === 'expired' ? 'expired' : 'not-paid';
  }
}

export type SessionView = SessionOutcome | 'no-session' | 'not-found' | AskingView;

/** What the servers have answered so far about the booking of /session-confirmed, as RTK Query holds it. */
export interface SessionAnswers {
  sessionId: string | null;
  session?: SessionResponse;
  sessionError?: unknown;
  payment?: PaymentStatusResponse['payment'];
  paymentError?: unknown;
  paymentFetching: boolean;
  returnedPaid: boolean;
}

/**
 * A failed read while asking again keeps the last answer on screen (RTK Query keeps `data`); only a page with
 * nothing to show shows the error. Payments is asked only while the booking is not confirmed.
 */
export function sessionView(a: SessionAnswers): SessionView {
  if (!a.sessionId) return 'no-session';
  const booked = a.session;
  if (!booked && statusOf(a.sessionError) === 404) return 'not-found';
  if (!booked && a.sessionError !== undefined) return 'load-error';
  if (!booked) return 'checking';
  if (booked.status === 'confirmed') return 'confirmed';
  if (!a.payment && a.paymentError !== undefined && !a.paymentFetching) return 'load-error';
  if (!a.payment) return 'checking';
  return sessionOutcome(booked, a.payment, a.returnedPaid);
}

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
}
