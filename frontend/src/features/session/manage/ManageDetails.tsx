import type { ManageSessionResponse } from '@hhp/proto';
import { planName } from '../../../shared/payments/texts';
import { formatSession, money, zoneLabel } from '../../../shared/payments/ui/time';
import styles from '../../../shared/payments/ui/payments.module.css';
import { manageTexts as t } from './texts';

/** "Tuesday, December 8, 2026, 9:00 AM – 10:00 AM, Eastern Standard Time (America/New_York)" */
export function sessionWhen(session: Pick<ManageSessionResponse, 'scheduledAt' | 'duration' | 'timeZone'>): string {
  return `${formatSession(session.scheduledAt, Number(session.duration), session.timeZone)}, ${zoneLabel(session.timeZone, session.scheduledAt)}`;
}

/** The booking the link names: its plan, time in the practice's zone, price and state. */
export function ManageDetails({ session }: { session: ManageSessionResponse }) {
  return (
    <dl className={styles.list} aria-label={t.detailsLabel}>
      <dt>{t.session}</dt>
      <dd>{planName(session.type)}</dd>
      <dt>{t.when}</dt>
      <dd>{sessionWhen(session)}</dd>
      <dt>{t.price}</dt>
      <dd>{money(session.price)}</dd>
      <dt>{t.status}</dt>
      <dd>{t.statuses[session.status]}</dd>
    </dl>
  );
}
