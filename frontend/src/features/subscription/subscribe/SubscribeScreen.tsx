import { skipToken } from '@reduxjs/toolkit/query/react';
import { useReducer, useState } from 'react';
import { useLocation, useSearchParams } from '../../../shared/router/hooks';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { usePaymentsConfigQuery, useSessionQuery } from '../../../shared/payments/api';
import { PaymentElements } from '../../../shared/payments/stripe/PaymentElements';
import { useStripeJs } from '../../../shared/payments/stripe/use-stripe-js';
import { texts } from '../../../shared/payments/texts';
import { tripOf } from '../../../shared/payments/booking-trip';
import { BackToBooking } from '../../../shared/payments/ui/BackToBooking';
import { useFocusOnChange } from '../../../shared/ui/use-focus-on-change';
import styles from '../../../shared/payments/ui/payments.module.css';
import { CardStep } from './CardStep';
import { keepSetup, takeSetupReturn } from './setup-return';
import { EmailStep } from './EmailStep';
import { PlanCard } from './PlanCard';
import { SignInLinkForm } from '../../../shared/subscriber-sign-in/SignInLinkForm';
import {
  initialSubscribeState,
  resumedSubscribeState,
  shownSubscribeState,
  subscribeReducer,
} from './subscribe-machine';
import { SubscribeUnavailable } from './SubscribeUnavailable';
import { useSubscriptionCompletion } from './use-subscription-completion';
import { useSubscriptionStart } from './use-subscription-start';

/**
 * /subscribe, optionally ?sessionId= of the subscription plan's booking (specification, sections 2, 4, 5, 8):
 * the e-mail, then the card (a SetupIntent confirmed on the page), then the subscription is completed; an
 * invoice that still needs the card holder (3-D Secure) is confirmed with Stripe.js. Once active, the chat's
 * counters are read again, so it shows "Unlimited Access ✨" without a reload.
 */
export function SubscribeScreen() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? undefined;
  const location = useLocation();
  const presetEmail = tripOf(location.state).email ?? '';
  // Back from the bank's page (setup-return.ts): the card step, busy until the card is checked and completed.
  const [returned] = useState(() => takeSetupReturn(params));
  const [state, send] = useReducer(subscribeReducer, presetEmail, (email) =>
    returned ? resumedSubscribeState(returned) : initialSubscribeState(email),
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const config = usePaymentsConfigQuery();
  const session = useSessionQuery(sessionId ?? skipToken, { refetchOnMountOrArgChange: true });
  const stripe = useStripeJs(state.step === 'card' ? config.data?.publishableKey : undefined);
  const { start, emailInvalid, emailRef } = useSubscriptionStart(state, send, sessionId);

  const shown = shownSubscribeState(
    state,
    config.isError,
    state.step === 'card' && Boolean(loadError || stripe?.error),
  );
  // Focus goes to the step that has just appeared: the card form once Stripe.js is in, not its loading line.
  const focusRef = useFocusOnChange<HTMLHeadingElement>(
    shown.step === 'card' && !stripe?.stripe ? 'loading-card' : shown.step,
  );

  const retry = () => {
    setLoadError(null);
    if (config.isError) void config.refetch();
    send({ type: 'retry' });
  };

  const { complete, setupFailed } = useSubscriptionCompletion(state, send, sessionId, returned, stripe?.stripe);

  // A bank's own page returns here, where the setup is completed (setup-return.ts).
  const returnUrl = new URL(
    `/subscribe${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`,
    window.location.origin,
  ).href;
  return (
    <AntdScope>
      <div className={styles.layout}>
        <div className={styles.column}>
          {(shown.step === 'email' || shown.step === 'starting') && (
            <EmailStep
              email={shown.email}
              onChange={(email) => send({ type: 'email-changed', email })}
              onSubmit={() => void start()}
              starting={shown.step === 'starting'}
              headingRef={focusRef}
              inputRef={emailRef}
              invalid={emailInvalid}
            />
          )}
          {shown.step === 'card' && !stripe && (
            <p className={styles.loading} role="status">
              {texts.checkout.loadingForm}
            </p>
          )}
          {shown.step === 'card' && stripe?.stripe && (
            <PaymentElements stripe={stripe.stripe} clientSecret={shown.clientSecret}>
              <CardStep
                email={shown.email}
                busy={shown.busy}
                headingRef={focusRef}
                returnUrl={returnUrl}
                onChange={() => send({ type: 'change' })}
                onStart={() => {
                  keepSetup({
                    clientSecret: shown.clientSecret,
                    customerId: shown.customerId,
                    completionToken: shown.completionToken,
                    email: shown.email,
                  });
                  send({ type: 'confirming' });
                }}
                onSetupFailed={setupFailed}
                onConfirmed={complete}
                onLoadError={setLoadError}
              />
            </PaymentElements>
          )}
          {shown.step === 'unavailable' && (
            <SubscribeUnavailable reason={shown.reason} sessionId={sessionId} titleRef={focusRef} onRetry={retry} />
          )}
          {(shown.step === 'email' || shown.step === 'starting') && <SignInLinkForm />}
          {/* One way back: the panel has its own. */}
          {shown.step !== 'unavailable' && (
            <div className={styles.actions}>
              <BackToBooking sessionId={sessionId} />
            </div>
          )}
        </div>
        <div className={styles.column}>
          <PlanCard session={session.data} paymentsOff={config.isError} />
        </div>
      </div>
    </AntdScope>
  );
}
