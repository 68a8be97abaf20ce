import { useDispatch } from 'react-redux';
import { openChat, type ChatWidgetDispatch } from '../../../shared/chat-widget/chat-widget-slice';
import { useToast } from '../../../shared/ui/toast';
import { texts } from '../../../shared/payments/texts';
import { StatusPage } from '../../../shared/payments/ui/StatusPage';
import { useBackoffPoll } from '../../../shared/payments/ui/use-backoff-poll';
import { useSubscriberKnown } from '../use-subscriber-known';
import { subscriptionStatus } from './subscription-status';
import { useSubscriptionAnswer } from './use-subscription-answer';

/**
 * /subscription-confirmed: after the subscribe screen, or the hosted Checkout's return (`?session_id=`, which
 * payments verifies with Stripe and answers with this browser's subscriber cookie). The subscription's state is
 * the server's; until its payment webhook has made it active, the page says the payment was received and asks
 * again. Once it is active, the chat's counters are read again until the AI service knows the subscriber too.
 */
export function SubscriptionConfirmedScreen() {
  const { view, current, error, fromCheckout, retry, askAgain } = useSubscriptionAnswer();
  const { exhausted, checkAgain } = useBackoffPoll(view === 'waiting', askAgain);
  const dispatch = useDispatch<ChatWidgetDispatch>();
  const toast = useToast();

  // Back from the hosted Checkout, the visitor is also told so in a toast.
  useSubscriberKnown(
    view === 'active',
    fromCheckout
      ? () => toast.success({ title: texts.subscribe.activeTitle, description: texts.subscribe.activeDescription })
      : undefined,
  );

  const page = subscriptionStatus(view, {
    error,
    renewsOn: current?.currentPeriodEnd,
    exhausted,
    ask: retry,
    checkAgain,
    openChat: () => dispatch(openChat()),
  });
  return <StatusPage status={page} view={view} home={texts.subscriptionConfirmed.home} />;
}
