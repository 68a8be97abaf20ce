import type { SessionResponse } from '@hhp/proto';
import { useId } from 'react';
import { Surface } from '../../shared/ui/Surface';
import { texts } from '../../shared/payments/texts';
import { SessionDetails } from '../../shared/payments/ui/SessionDetails';
import { formatTime, visitorTimeZone } from '../../shared/payments/ui/time';
import styles from '../../shared/payments/ui/payments.module.css';

/** How long the slot is held, on the visitor's own clock: it answers "how long do I have". */
function heldUntil(iso: string): string {
  const zone = visitorTimeZone() ?? 'UTC';
  return `${formatTime(iso, zone)} (your time)`;
}

/** The booked session as the booking service keeps it: its price is the one charged. */
export function OrderSummary({ session }: { session: SessionResponse }) {
  const headingId = useId();
  const t = texts.checkout;
  return (
    <Surface className={styles.card}>
      <section aria-labelledby={headingId} className={styles.column}>
        <h2 id={headingId} className={styles.title}>
          {t.summaryTitle}
        </h2>
        <SessionDetails session={session} totalClassName={styles.total} />
        {session.holdExpiresAt && <p className={styles.muted}>{t.heldUntil(heldUntil(session.holdExpiresAt))}</p>}
      </section>
    </Surface>
  );
}
