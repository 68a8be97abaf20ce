import { useRef, useState, type Dispatch } from 'react';
import { useCreateSubscriptionMutation } from '../../../shared/payments/api';
import { texts } from '../../../shared/payments/texts';
import { useToast } from '../../../shared/ui/toast';
import { isValidSubscriptionEmail, type SubscribeEvent, type SubscribeState } from './subscribe-machine';

const t = texts.subscribe;

/**
 * The e-mail step's Continue: an address that is no e-mail is refused on the page (a toast, the field marked and
 * focused); a good one starts the subscription with payments, and its answer opens the card step.
 */
export function useSubscriptionStart(state: SubscribeState, send: Dispatch<SubscribeEvent>, sessionId?: string) {
  const [createSubscription] = useCreateSubscriptionMutation();
  const [emailInvalid, setEmailInvalid] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const toast = useToast();

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
  return { start, emailInvalid, emailRef };
}
