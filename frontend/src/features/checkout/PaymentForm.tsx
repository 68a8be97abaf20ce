import { useElements, useStripe } from '@stripe/react-stripe-js';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { Button } from '../../shared/ui/Button';
import { Surface } from '../../shared/ui/Surface';
import { useToast } from '../../shared/ui/toast';
import { CardElement } from '../../shared/payments/stripe/CardElement';
import { texts } from '../../shared/payments/texts';
import { money } from '../../shared/payments/ui/time';
import styles from '../../shared/payments/ui/payments.module.css';

interface Props {
  sessionId: string;
  price: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** The Payment Element could not load (a bad client secret, Stripe unreachable). */
  onLoadError: (message: string) => void;
}

/** The address Stripe returns to after the payment (and after a bank's own page, for 3-D Secure). */
export function returnUrl(sessionId: string): string {
  return new URL(`/session-confirmed?sessionId=${encodeURIComponent(sessionId)}`, window.location.origin).href;
}

/**
 * Stripe's Payment Element and the pay button, inside <Elements>. A confirmed payment leaves for the return
 * address, where the confirmation page asks the servers what happened; a refused one stays here with the
 * provider's message.
 */
export function PaymentForm({ sessionId, price, headingRef, onLoadError }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const headingId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl(sessionId) } });
    // Reached only when the payment did not go through: a confirmed one has left the page.
    toast.error({ title: texts.checkout.paymentFailedTitle, description: error.message ?? error.type });
    setPaying(false);
  };

  return (
    <Surface className={styles.card}>
      <form onSubmit={onSubmit} className={styles.column} aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {texts.checkout.paymentTitle}
        </h2>
        <CardElement
          ready={ready}
          onReady={() => setReady(true)}
          onLoadError={onLoadError}
          unavailable={texts.checkout.unavailableDefault}
        />
        <Button
          type="submit"
          variant="primary"
          size="large"
          block
          loading={paying}
          disabled={!stripe || !elements || !ready}
        >
          {paying ? texts.checkout.paying : texts.checkout.pay(money(price))}
        </Button>
      </form>
    </Surface>
  );
}
