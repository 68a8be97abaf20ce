import { PaymentElement } from '@stripe/react-stripe-js';
import { texts } from '../texts';
import styles from '../ui/payments.module.css';

interface Props {
  /** Stripe has drawn its form: until then a line says it is loading. */
  ready: boolean;
  onReady: () => void;
  /** The form could not load (a bad client secret, Stripe unreachable): Stripe's message, else `unavailable`. */
  onLoadError: (message: string) => void;
  unavailable: string;
}

/** Stripe's Payment Element inside <Elements>, with the line said while it loads (checkout's and subscribe's). */
export function CardElement({ ready, onReady, onLoadError, unavailable }: Props) {
  return (
    <>
      {!ready && (
        <p className={styles.muted} role="status">
          {texts.checkout.loadingForm}
        </p>
      )}
      <PaymentElement
        className={styles.paymentElement}
        onReady={onReady}
        onLoadError={(event) => onLoadError(event.error.message ?? unavailable)}
      />
    </>
  );
}
