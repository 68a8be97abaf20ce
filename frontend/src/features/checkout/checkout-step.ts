// The checkout screen's steps (specification, section 4): loading the session, then creating the payment
// intent, then the payment form; a failure at either step (payments switched off included) is the
// "Payment Service Temporarily Unavailable" panel; an unknown session sends the visitor back to /book.
// Derived from what the calls answered so far, so the screen is a function of them and nothing else.
import type { SessionResponse } from '@hhp/proto';
import type { ApiError } from '../../shared/api/base-query';

export interface CallState<T> {
  data?: T;
  error?: unknown;
}

export type CheckoutStep =
  /** No sessionId in the address: back to /book. */
  | { step: 'no-session' }
  /** The booking service does not know the id: "Session not found", back to /book. */
  | { step: 'not-found' }
  | { step: 'loading-session' }
  /** Paid already: the confirmation page says so. */
  | { step: 'paid'; session: SessionResponse }
  /** The subscription plan's booking is paid by the subscription: /subscribe. */
  | { step: 'subscription'; session: SessionResponse }
  /** The hold lapsed, or the booking was refunded or cancelled: nothing to pay. */
  | { step: 'closed'; session: SessionResponse }
  | { step: 'creating-intent'; session: SessionResponse }
  | { step: 'ready'; session: SessionResponse; clientSecret: string; publishableKey: string }
  /** `message`: the failed call's, for the panel. */
  | { step: 'unavailable'; message: string; session?: SessionResponse };

/** The three steps the screen names, in order, and which one a step is at. */
const PROGRESS = ['loading-session', 'creating-intent', 'ready'] as const;

export function progressIndex(step: CheckoutStep['step']): number {
  return (PROGRESS as readonly string[]).indexOf(step);
}

function isStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && (error as ApiError).status === status;
}

interface Inputs {
  sessionId: string | null;
  session: CallState<SessionResponse>;
  config: CallState<{ publishableKey: string }>;
  intent: CallState<{ clientSecret: string }>;
  /** Turns an error into the panel's text. */
  describe: (error: unknown) => string;
}

export function checkoutStep({ sessionId, session, config, intent, describe }: Inputs): CheckoutStep {
  if (!sessionId) return { step: 'no-session' };
  if (session.error !== undefined) {
    // 400: an id the booking service cannot even read is as unknown as one it has never issued.
    if (isStatus(session.error, 404) || isStatus(session.error, 400)) return { step: 'not-found' };
    return { step: 'unavailable', message: describe(session.error) };
  }
  const booked = session.data;
  if (!booked) return { step: 'loading-session' };
  switch (booked.status) {
    case 'confirmed':
      return { step: 'paid', session: booked };
    case 'pending-subscription':
      return { step: 'subscription', session: booked };
    case 'pending-payment':
      break;
    default:
      return { step: 'closed', session: booked };
  }
  if (config.error !== undefined) return { step: 'unavailable', message: describe(config.error), session: booked };
  if (intent.error !== undefined) return { step: 'unavailable', message: describe(intent.error), session: booked };
  if (!config.data || !intent.data) return { step: 'creating-intent', session: booked };
  return {
    step: 'ready',
    session: booked,
    clientSecret: intent.data.clientSecret,
    publishableKey: config.data.publishableKey,
  };
}
