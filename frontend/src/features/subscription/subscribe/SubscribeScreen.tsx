import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CompleteSubscriptionResponse } from '@hhp/proto';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate, useSearchParams } from '../../../shared/router/hooks';
import { quotaStale } from '../../../shared/ai/api';
import { errorSentence, isApiError } from '../../../shared/api/error-message';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { Button } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import {
  useCompleteSubscriptionMutation,
  useCreateSubscriptionMutation,
  usePaymentsConfigQuery,
  useSessionQuery,
} from '../../../shared/payments/api';
import { PaymentElements } from '../../../shared/payments/stripe/PaymentElements';
import { useStripeJs } from '../../../shared/payments/stripe/use-stripe-js';
import { texts } from '../../../shared/payments/texts';
import { tripOf } from '../../../shared/payments/booking-trip';
import { SUPPORT_EMAIL } from '../../../shared/payments/config';
import { BackToBooking } from '../../../shared/payments/ui/BackToBooking';
import { ServicePanel } from '../../../shared/payments/ui/ServicePanel';
import { useFocusOnChange } from '../../../shared/payments/ui/use-focus-on-change';
import styles from '../../../shared/payments/ui/payments.module.css';
import type { SubscribedState } from '../confirmed/subscribed-state';
import { CardStep, paymentMethodOf, type ConfirmedCard } from './CardStep';
import { keepSetup, takeSetupReturn, type SetupReturn } from './setup-return';
import { EmailStep } from './EmailStep';
import { PlanCard } from './PlanCard';
import { SignInLinkForm } from '../../../shared/subscriber-sign-in/SignInLinkForm';
import { initialSubscribeState, isValidSubscriptionEmail, subscribeReducer } from './subscribe-machine';

const t = texts.subscribe;

/** The failed call's own sentence (no status code), or the specification's fallback for anything else. */
function subscriptionFailure(error: unknown): string {
  return isApiError(error) ? errorSentence(error) : t.failedDefault;
}

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
    returned
      ? {
          step: 'card' as const,
          email: returned.email,
          clientSecret: returned.clientSecret,
          customerId: returned.customerId,
          completionToken: returned.completionToken,
          busy: true,
        }
      : initialSubscribeState(email),
  );
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const config = usePaymentsConfigQuery();
  const session = useSessionQuery(sessionId ?? skipToken, { refetchOnMountOrArgChange: true });
  const [createSubscription] = useCreateSubscriptionMutation();
  const [completeSubscription] = useCompleteSubscriptionMutation();
  const stripe = useStripeJs(state.step === 'card' ? config.data?.publishableKey : undefined);
  const toast = useToast();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const emailRef = useRef<HTMLInputElement>(null);

  // Payments without a publishable key cannot take a card: the panel shows before anything is typed. A card
  // form that cannot load (Stripe.js unreachable, a refused client secret) is a subscription that cannot start.
  const unavailable =
    config.isError && state.step !== 'unavailable' && state.step !== 'done'
      ? ('configuration' as const)
      : state.step === 'card' && (loadError || stripe?.error)
        ? ('start' as const)
        : null;
  const shown = unavailable ? { step: 'unavailable' as const, reason: unavailable } : state;
  // Focus goes to the step that has just appeared: the card form once Stripe.js is in, not its loading line.
  const focusRef = useFocusOnChange<HTMLHeadingElement>(
    shown.step === 'card' && !stripe?.stripe ? 'loading-card' : shown.step,
  );

  const start = async () => {
    if (state.step !== 'email') return;
    if (!isValidSubscriptionEmail(state.email)) {
      setEmailInvalid(true);
      toast.error({ title: t.invalidEmailTitle, description: t.invalidEmailDescription });
      emailRef.current?.focus();
      return;
    }
    setEmailInvalid(false);
    send({ type: 'start' });
    try {
      const { clientSecret, customerId, completionToken } = await createSubscription({
        email: state.email.trim(),
        sessionId,
      }).unwrap();
      send({ type: 'started', clientSecret, customerId, completionToken });
    } catch {
      send({ type: 'unavailable', reason: 'start' });
    }
  };

  const retry = () => {
    setLoadError(null);
    if (config.isError) void config.refetch();
    send({ type: 'retry' });
  };

  const complete = async (stripeJs: Stripe, { paymentMethodId }: ConfirmedCard) => {
    if (state.step !== 'card') return;
    const completion = { customerId: state.customerId, paymentMethodId, completionToken: state.completionToken };
    let answer: CompleteSubscriptionResponse;
    try {
      answer = await completeSubscription(completion).unwrap();
    } catch (error) {
      toast.error({ title: t.failedTitle, description: subscriptionFailure(error) });
      send({ type: 'confirm-failed' });
      return;
    }
    if (answer.clientSecret) {
      // The first invoice needs the card holder's confirmation (3-D Secure).
      const { error } = await stripeJs.confirmCardPayment(answer.clientSecret, { payment_method: paymentMethodId });
      if (error) {
        toast.error({ title: t.paymentFailedTitle, description: error.message ?? error.type });
        send({ type: 'confirm-failed' });
        return;
      }
      // Asked again, payments answers the subscription as Stripe has it now, and sets the subscriber cookie
      // once it is active; if Stripe is a moment behind, the confirmation page goes on asking.
      await completeSubscription(completion)
        .unwrap()
        .catch(() => undefined);
    }
    // With the subscriber cookie set, the chat's counters give way to "Unlimited Access ✨".
    dispatch(quotaStale());
    toast.success({ title: t.activeTitle, description: t.activeDescription });
    send({ type: 'subscribed' });
    navigate('/subscription-confirmed', {
      state: { justSubscribed: true, completion } satisfies SubscribedState,
    });
  };

  const setupFailed = (message: string) => {
    toast.error({ title: t.setupFailedTitle, description: message });
    send({ type: 'confirm-failed' });
  };

  const onReturn = useEffectEvent(async (stripeJs: Stripe, back: SetupReturn) => {
    // The address has done its part: a reload must not complete the subscription again.
    navigate(`/subscribe${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`, { replace: true });
    const { setupIntent, error } = await stripeJs.retrieveSetupIntent(back.clientSecret);
    const paymentMethodId = back.succeeded && setupIntent?.status === 'succeeded' ? paymentMethodOf(setupIntent) : null;
    if (!paymentMethodId) setupFailed(error?.message ?? setupIntent?.last_setup_error?.message ?? t.failedDefault);
    else await complete(stripeJs, { paymentMethodId });
  });
  const returnedWith = returned && stripe?.stripe;
  useEffect(() => {
    if (returned && returnedWith) void onReturn(returnedWith, returned);
  }, [returned, returnedWith]);

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
            <ServicePanel
              type="error"
              title={t.unavailableTitle}
              titleRef={focusRef}
              actions={
                <>
                  <Button variant="primary" onClick={retry}>
                    {t.tryAgain}
                  </Button>
                  <BackToBooking sessionId={sessionId} />
                </>
              }
            >
              <p className={styles.text}>
                {shown.reason === 'configuration' ? t.unavailableConfiguration : t.unavailableStart}
              </p>
              {shown.reason === 'configuration' && (
                <p className={styles.text}>
                  {t.support}{' '}
                  <a
                    href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(sessionId ? `Subscription and booking ${sessionId}` : 'Subscription')}`}
                  >
                    {SUPPORT_EMAIL}
                  </a>
                </p>
              )}
            </ServicePanel>
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
