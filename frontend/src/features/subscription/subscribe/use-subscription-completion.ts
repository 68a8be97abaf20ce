import type { CompleteSubscriptionResponse } from '@hhp/proto';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useEffectEvent, type ActionDispatch } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from '../../../shared/router/hooks';
import { quotaStale } from '../../../shared/ai/api';
import { errorSentence, isApiError } from '../../../shared/api/error-message';
import { useToast } from '../../../shared/ui/toast';
import { useCompleteSubscriptionMutation } from '../../../shared/payments/api';
import { texts } from '../../../shared/payments/texts';
import type { SubscribedState } from '../confirmed/subscribed-state';
import { paymentMethodOf, type ConfirmedCard } from './CardStep';
import type { SetupReturn } from './setup-return';
import type { SubscribeEvent, SubscribeState } from './subscribe-machine';

const t = texts.subscribe;

/** The failed call's own sentence (no status code), or the specification's fallback for anything else. */
export function subscriptionFailure(error: unknown): string {
  return isApiError(error) ? errorSentence(error) : t.failedDefault;
}

/**
 * The card step's end: the subscription is completed with the confirmed card (an invoice that still needs the
 * card holder, 3-D Secure, is confirmed with Stripe.js first), the chat's counters are read again, and the
 * visitor goes on to /subscription-confirmed. Back from a bank's page, the setup is checked and completed here.
 */
export function useSubscriptionCompletion(
  state: SubscribeState,
  send: ActionDispatch<[SubscribeEvent]>,
  sessionId: string | undefined,
  returned: SetupReturn | null,
  stripe: Stripe | null | undefined,
) {
  const [completeSubscription] = useCompleteSubscriptionMutation();
  const toast = useToast();
  const dispatch = useDispatch();
  const navigate = useNavigate();

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
  const returnedWith = returned && stripe;
  useEffect(() => {
    if (returned && returnedWith) void onReturn(returnedWith, returned);
  }, [returned, returnedWith]);

  return { complete, setupFailed };
}
