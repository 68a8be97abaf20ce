import type { Ref } from 'react';
import { texts } from '../texts';
import { SUPPORT_EMAIL } from '../config';
import { ServicePanel } from '../ui/ServicePanel';
import styles from '../ui/payments.module.css';

interface Props {
  /** The failed call's message; the specification's default when it said nothing. */
  message: string;
  sessionId: string;
  titleRef: Ref<HTMLHeadingElement>;
}

/** The specification's "Payment Service Temporarily Unavailable" panel: what failed, whom to ask, and that the booking stands. */
export function PaymentUnavailable({ message, sessionId, titleRef }: Props) {
  const t = texts.checkout;
  return (
    <ServicePanel type="error" title={t.unavailableTitle} titleRef={titleRef}>
      <p className={styles.text}>{message || t.unavailableDefault}</p>
      <p className={styles.text}>{t.unavailableText}</p>
      <p className={styles.text}>
        {t.support}{' '}
        <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Booking ${sessionId}`)}`}>{SUPPORT_EMAIL}</a>
      </p>
      <p className={styles.text}>{t.recorded(sessionId)}</p>
    </ServicePanel>
  );
}
