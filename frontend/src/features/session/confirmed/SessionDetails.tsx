import type { SessionResponse } from '@hhp/proto';
import { planName, texts } from '../../../shared/payments/texts';
import { formatSession, money, zoneLabel } from '../../../shared/payments/ui/time';
import styles from '../../../shared/payments/ui/payments.module.css';

/** A booked session, its time in the practice's zone. */
export function SessionDetails({ session }: { session: SessionResponse }) {
  const t = texts.checkout;
  const minutes = Number(session.duration);
  return (
    <dl className={styles.list} aria-label={texts.sessionConfirmed.details}>
      <dt>{t.session}</dt>
      <dd>{planName(session.type)}</dd>
      <dt>{t.when}</dt>
      <dd>
        {formatSession(session.scheduledAt, minutes, session.timeZone)},{' '}
        {zoneLabel(session.timeZone, session.scheduledAt)}
      </dd>
      <dt>{t.duration}</dt>
      <dd>{texts.booking.minutes(minutes)}</dd>
      <dt>{t.total}</dt>
      <dd>{money(session.price)}</dd>
    </dl>
  );
}
