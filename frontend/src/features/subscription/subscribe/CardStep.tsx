import { useElements, useStripe } from '@stripe/react-stripe-js';
import type { SetupIntent } from '@stripe/stripe-js';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Surface } from '../../../shared/ui/Surface';
import { priceLabel } from '../../../shared/config/prices';
import { CardElement } from '../../../shared/payments/stripe/CardElement';
import { texts } from '../../../shared/payments/texts';
import styles from '../../../shared/payments/ui/payments.module.css';

export type ConfirmedCard = { paymentMethodId: string };

interface Props {
  email: string;
  busy: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onChange: () => void;
  /** Called with Stripe and the saved card once the SetupIntent is confirmed. */
  onConfirmed: (stripe: NonNullable<ReturnType<typeof useStripe>>, card: ConfirmedCard) => Promise<void>;
  onStart: () => void;
  onSetupFailed: (message: string) => void;
  onLoadError: (message: string) => void;
  returnUrl: string;
}

/** The card a confirmed SetupIntent saved. */
export function paymentMethodOf(setupIntent: SetupIntent): string | null {
  const method = setupIntent.payment_method;
  if (!method) return null;
  return typeof method === 'string' ? method : method.id;
}

/**
 * The subscription's card: Stripe's Payment Element for the SetupIntent, confirmed without leaving the page
 * unless the card's bank requires it (specification, section 7).
 */
export function CardStep({
  email,
  busy,
  headingRef,
  onChange,
  onConfirmed,
  onStart,
  onSetupFailed,
  onLoadError,
  returnUrl,
}: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const headingId = useId();
  const t = texts.subscribe;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    onStart();
    const { error, setupIntent } = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    const paymentMethodId = setupIntent && setupIntent.status === 'succeeded' ? paymentMethodOf(setupIntent) : null;
    if (error || !paymentMethodId) {
      onSetupFailed(error?.message ?? error?.type ?? setupIntent?.status ?? t.failedDefault);
      return;
    }
    await onConfirmed(stripe, { paymentMethodId });
  };

  return (
    <Surface className={styles.card}>
      <form onSubmit={onSubmit} aria-labelledby={headingId} className={styles.column}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t.cardTitle}
        </h2>
        <div className={styles.row}>
          <p className={styles.text}>
            {t.subscribingAs} <span className={styles.email}>{email}</span>
          </p>
          <Button onClick={onChange} disabled={busy}>
            {t.change}
          </Button>
        </div>
        <CardElement
          ready={ready}
          onReady={() => setReady(true)}
          onLoadError={onLoadError}
          unavailable={t.unavailableStart}
        />
        <Button type="submit" variant="primary" size="large" block loading={busy} disabled={!stripe || !ready}>
          {busy ? t.subscribing : t.subscribe(priceLabel('subscription'))}
        </Button>
      </form>
    </Surface>
  );
}
