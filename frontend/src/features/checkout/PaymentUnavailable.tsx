import type { Ref } from 'react';
import { texts } from '../../shared/payments/texts';
import { SUPPORT_EMAIL } from '../../shared/payments/config';
import { ServicePanel } from '../../shared/payments/ui/ServicePanel';
import { formatTime, visitorTimeZone } from '../../shared/payments/ui/time';
import styles from '../../shared/payments/ui/payments.module.css';

interface Props {
  /** The failed call's message; the specification's default when it said nothing. */
  message: string;
  sessionId: string;
  /** While the booking holds its time: until when (ISO). */
  holdExpiresAt: string | undefined;
  /** Payments are switched off (the config's 503): the hold cannot end in a payment. */
  paymentsOff: boolean;
  titleRef: Ref<HTMLHeadingElement>;
}

/**
 * The specification's "Payment Service Temporarily Unavailable" panel: what failed, whom to ask, that the
 * booking was recorded and how long its time stays held (it is released when the hold lapses unpaid; with payments
 * switched off it cannot be paid, and the panel does not say it could).
 */
export function PaymentUnavailable({ message, sessionId, holdExpiresAt, paymentsOff, titleRef }: Props) {
  const t = texts.checkout;
  return (
    <ServicePanel type="error" title={t.unavailableTitle} titleRef={titleRef}>
      <p className={styles.text}>{message || t.unavailableDefault}</p>
      <p className={styles.text}>{t.unavailableText}</p>
      <p className={styles.text}>
        {t.support}{' '}
        <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Booking ${sessionId}`)}`}>{SUPPORT_EMAIL}</a>
      </p>
      <p className={styles.text}>
        {t.recorded(sessionId)}
        {holdExpiresAt &&
          ` ${(paymentsOff ? t.heldWhileOff : t.heldThenReleased)(`${formatTime(holdExpiresAt, visitorTimeZone() ?? 'UTC')} (your time)`)}`}
      </p>
    </ServicePanel>
  );
}
