import type { Ref } from 'react';
import { Button } from '../../../shared/ui/Button';
import { SUPPORT_EMAIL } from '../../../shared/payments/config';
import { texts } from '../../../shared/payments/texts';
import { BackToBooking } from '../../../shared/payments/ui/BackToBooking';
import { ServicePanel } from '../../../shared/payments/ui/ServicePanel';
import styles from '../../../shared/payments/ui/payments.module.css';
import type { UnavailableReason } from './subscribe-machine';

const t = texts.subscribe;

interface Props {
  reason: UnavailableReason;
  sessionId?: string;
  titleRef: Ref<HTMLHeadingElement>;
  onRetry: () => void;
}

/** "Subscription Service Unavailable": with payments off, whom to write to; with its own way back to booking. */
export function SubscribeUnavailable({ reason, sessionId, titleRef, onRetry }: Props) {
  const subject = sessionId ? `Subscription and booking ${sessionId}` : 'Subscription';
  return (
    <ServicePanel
      type="error"
      title={t.unavailableTitle}
      titleRef={titleRef}
      actions={
        <>
          <Button variant="primary" onClick={onRetry}>
            {t.tryAgain}
          </Button>
          <BackToBooking sessionId={sessionId} />
        </>
      }
    >
      <p className={styles.text}>{reason === 'configuration' ? t.unavailableConfiguration : t.unavailableStart}</p>
      {reason === 'configuration' && (
        <p className={styles.text}>
          {t.support} <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`}>{SUPPORT_EMAIL}</a>
        </p>
      )}
    </ServicePanel>
  );
}
