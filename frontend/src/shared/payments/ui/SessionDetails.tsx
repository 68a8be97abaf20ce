import type { SessionResponse } from '@hhp/proto';
import { planName, texts } from '../texts';
import { money, sessionWhen } from './time';
import styles from './payments.module.css';

interface Props {
  session: SessionResponse;
  /** The list's accessible name, where it stands without a heading of its own. */
  label?: string;
  /** The total's own look (the checkout's summary makes it stand out). */
  totalClassName?: string;
}

/** A booked session as the booking service keeps it: its plan, time in the practice's zone, length and price. */
export function SessionDetails({ session, label, totalClassName }: Props) {
  const t = texts.checkout;
  return (
    <dl className={styles.list} aria-label={label}>
      <dt>{t.session}</dt>
      <dd>{planName(session.type)}</dd>
      <dt>{t.when}</dt>
      <dd>{sessionWhen(session)}</dd>
      <dt>{t.duration}</dt>
      <dd>{texts.booking.minutes(Number(session.duration))}</dd>
      <dt>{t.total}</dt>
      <dd className={totalClassName}>{money(session.price)}</dd>
    </dl>
  );
}
