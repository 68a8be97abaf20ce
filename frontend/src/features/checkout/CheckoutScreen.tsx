import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef, useState, type Ref } from 'react';
import { Navigate } from '../../shared/router/links';
import { useNavigate, useSearchParams } from '../../shared/router/hooks';
import { errorSentence } from '../../shared/api/error-message';
import { AntdScope } from '../../shared/ui/AntdScope';
import { ButtonLink } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { useCreatePaymentIntentMutation, usePaymentsConfigQuery, useSessionQuery } from '../../shared/payments/api';
import { PaymentElements } from '../../shared/payments/stripe/PaymentElements';
import { useStripeJs } from '../../shared/payments/stripe/use-stripe-js';
import { texts } from '../../shared/payments/texts';
import { BackToBooking } from '../../shared/payments/ui/BackToBooking';
import { ServicePanel } from '../../shared/payments/ui/ServicePanel';
import { useFocusOnChange } from '../../shared/ui/use-focus-on-change';
import styles from '../../shared/payments/ui/payments.module.css';
import { checkoutStep, progressIndex } from './checkout-step';
import { CheckoutProgress } from './CheckoutProgress';
import { OrderSummary } from './OrderSummary';
import { PaymentForm } from './PaymentForm';
import { PaymentUnavailable } from './PaymentUnavailable';
import { WhatHappensNext } from './WhatHappensNext';

const t = texts.checkout;

/**
 * /checkout?sessionId= (specification, sections 2, 4, 8): the booked session is read back, a payment intent is
 * created for its price, and Stripe's Payment Element takes the card. Payments switched off (the config's 503)
 * or any failed step shows the "unavailable" panel.
 */
export function CheckoutScreen() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId');
  const session = useSessionQuery(sessionId ?? skipToken, { refetchOnMountOrArgChange: true });
  const config = usePaymentsConfigQuery(sessionId ? undefined : skipToken);
  const [createIntent, intent] = useCreatePaymentIntentMutation();
  // Set when Stripe.js or its Payment Element could not load: the same panel as a failed call.
  const [loadError, setLoadError] = useState<string | null>(null);

  const derived = checkoutStep({
    sessionId,
    session: { data: session.data, error: session.error },
    config: { data: config.data, error: config.error },
    intent: { data: intent.data, error: intent.error },
    describe: errorSentence,
  });
  const stripe = useStripeJs(derived.step === 'ready' ? derived.publishableKey : undefined);
  const stripeError = loadError ?? stripe?.error;
  const step =
    derived.step === 'ready' && stripeError
      ? { step: 'unavailable' as const, message: stripeError, session: derived.session }
      : derived;

  // One intent per visit to this screen (StrictMode runs effects twice; the payments service also reuses the
  // session's open intent, so a reload does not charge twice either).
  const requested = useRef<string | null>(null);
  const bookedPrice = derived.step === 'creating-intent' ? derived.session.price : null;
  useEffect(() => {
    if (!sessionId || bookedPrice === null || !config.data || requested.current === sessionId) return;
    requested.current = sessionId;
    void createIntent({ amount: Number(bookedPrice), sessionId });
  }, [sessionId, bookedPrice, config.data, createIntent]);

  const toast = useToast();
  const navigate = useNavigate();
  const notFound = derived.step === 'not-found';
  useEffect(() => {
    if (!notFound) return;
    toast.error({ title: t.notFoundTitle, description: t.notFoundDescription });
    navigate('/book', { replace: true });
  }, [notFound, toast, navigate]);

  // Focus goes to the step that has just appeared: the form once Stripe.js is in, not its loading line.
  const focusRef = useFocusOnChange<HTMLHeadingElement>(
    step.step === 'ready' && !stripe?.stripe ? 'loading-form' : step.step,
  );

  if (step.step === 'no-session') return <Navigate to="/book" replace />;
  // The effect above says why, then goes back to /book.
  if (step.step === 'not-found') return null;
  if (step.step === 'paid') {
    return <Navigate to={`/session-confirmed?sessionId=${encodeURIComponent(step.session.id)}`} replace />;
  }
  if (step.step === 'subscription') {
    return <Navigate to={`/subscribe?sessionId=${encodeURIComponent(step.session.id)}`} replace />;
  }

  const booked = 'session' in step ? step.session : undefined;
  /** What the page waits for, said in one live line: the booking, the payment's set-up, then the card form. */
  const waiting =
    step.step === 'loading-session'
      ? t.loadingSession
      : step.step === 'creating-intent'
        ? t.creatingIntent
        : step.step === 'ready' && !stripe
          ? t.loadingForm
          : undefined;
  const progress = progressIndex(step.step);
  return (
    <AntdScope>
      {progress >= 0 && <CheckoutProgress current={progress} />}
      <div className={styles.layout}>
        <div className={styles.column}>
          {waiting && (
            <p className={styles.loading} role="status">
              {waiting}
            </p>
          )}
          {step.step === 'ready' && stripe?.stripe && (
            <PaymentElements stripe={stripe.stripe} clientSecret={step.clientSecret}>
              <PaymentForm
                sessionId={step.session.id}
                price={step.session.price}
                headingRef={focusRef}
                onLoadError={setLoadError}
              />
            </PaymentElements>
          )}
          {step.step === 'unavailable' && (
            <PaymentUnavailable
              message={step.message}
              sessionId={sessionId ?? ''}
              holdExpiresAt={step.session?.holdExpiresAt}
              paymentsOff={config.error !== undefined}
              titleRef={focusRef}
            />
          )}
          {step.step === 'closed' && <SessionClosed status={step.session.status} titleRef={focusRef} />}
          <div className={styles.actions}>
            <BackToBooking sessionId={sessionId ?? undefined} />
          </div>
        </div>
        <div className={styles.column}>
          {booked && <OrderSummary session={booked} />}
          {/* The steps of a payment, while one can still be made. */}
          {step.step !== 'unavailable' && step.step !== 'closed' && <WhatHappensNext />}
        </div>
      </div>
    </AntdScope>
  );
}

/** The booking can no longer be paid (expired, cancelled, refunded…): why, and the way back to /book. */
function SessionClosed({ status, titleRef }: { status: string; titleRef: Ref<HTMLHeadingElement> }) {
  return (
    <ServicePanel
      type="warning"
      title={t.closedTitle}
      titleRef={titleRef}
      actions={
        <ButtonLink to="/book" variant="primary">
          {t.bookAgain}
        </ButtonLink>
      }
    >
      <p className={styles.text}>{t.closedText[status] ?? t.closedText.expired}</p>
    </ServicePanel>
  );
}
