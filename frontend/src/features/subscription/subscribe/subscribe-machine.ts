// The subscribe screen's steps (specification, sections 4, 5 and 8): the e-mail, then the card form for the
// SetupIntent the payments service opens for that e-mail; "Change" clears the form and goes back to the
// e-mail; a failure to open it is the "Subscription Service Unavailable" panel, from which "Try Subscribe
// Again" starts over. Confirming the card and completing the subscription happen on the card step (busy).

export type UnavailableReason =
  /** Payments has no publishable key (GET /api/payments/config answered an error). */
  | 'configuration'
  /** POST /api/create-subscription failed. */
  | 'start';

export type SubscribeState =
  | { step: 'email'; email: string }
  | { step: 'starting'; email: string }
  | {
      step: 'card';
      email: string;
      clientSecret: string;
      customerId: string;
      /** create-subscription's proof that this browser started the attempt; complete-subscription needs it. */
      completionToken: string;
      busy: boolean;
    }
  | { step: 'unavailable'; email: string; reason: UnavailableReason }
  | { step: 'done' };

export type SubscribeEvent =
  | { type: 'email-changed'; email: string }
  | { type: 'start' }
  | { type: 'started'; clientSecret: string; customerId: string; completionToken: string }
  | { type: 'unavailable'; reason: UnavailableReason }
  | { type: 'change' }
  | { type: 'retry' }
  | { type: 'confirming' }
  | { type: 'confirm-failed' }
  | { type: 'subscribed' };

export const initialSubscribeState = (email = ''): SubscribeState => ({ step: 'email', email });

/** The specification's check: not empty and with an "@" (the server checks the rest). */
export function isValidSubscriptionEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@');
}

export function subscribeReducer(state: SubscribeState, event: SubscribeEvent): SubscribeState {
  switch (event.type) {
    case 'email-changed':
      return state.step === 'email' ? { step: 'email', email: event.email } : state;
    case 'start':
      return state.step === 'email' && isValidSubscriptionEmail(state.email)
        ? { step: 'starting', email: state.email.trim() }
        : state;
    case 'started':
      return state.step === 'starting'
        ? {
            step: 'card',
            email: state.email,
            clientSecret: event.clientSecret,
            customerId: event.customerId,
            completionToken: event.completionToken,
            busy: false,
          }
        : state;
    case 'unavailable':
      return state.step === 'starting' || state.step === 'email'
        ? { step: 'unavailable', email: state.email, reason: event.reason }
        : state;
    case 'change':
      return state.step === 'card' && !state.busy ? initialSubscribeState() : state;
    case 'retry':
      // From the panel, or from a card step whose form could not load: the e-mail is kept.
      return state.step === 'unavailable' || (state.step === 'card' && !state.busy)
        ? initialSubscribeState(state.email)
        : state;
    case 'confirming':
      return state.step === 'card' && !state.busy ? { ...state, busy: true } : state;
    case 'confirm-failed':
      return state.step === 'card' ? { ...state, busy: false } : state;
    case 'subscribed':
      return state.step === 'card' ? { step: 'done' } : state;
  }
}

/** Back from the bank's page (setup-return.ts): the card step, busy until the card is checked and completed. */
export function resumedSubscribeState(back: {
  email: string;
  clientSecret: string;
  customerId: string;
  completionToken: string;
}): SubscribeState {
  const { email, clientSecret, customerId, completionToken } = back;
  return { step: 'card', email, clientSecret, customerId, completionToken, busy: true };
}

/**
 * What the screen shows: payments without a publishable key cannot take a card, so the panel shows before
 * anything is typed; a card form that cannot load (Stripe.js unreachable, a refused client secret) is a
 * subscription that cannot start. Neither replaces a finished subscription.
 */
export function shownSubscribeState(state: SubscribeState, configFailed: boolean, cardFailed: boolean): SubscribeState {
  if (configFailed && state.step !== 'unavailable' && state.step !== 'done')
    return { step: 'unavailable', email: state.email, reason: 'configuration' };
  if (state.step === 'card' && cardFailed) return { step: 'unavailable', email: state.email, reason: 'start' };
  return state;
}
