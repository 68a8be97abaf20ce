import type { ManageSessionResponse } from '@hhp/proto';
import { planName } from '../../../shared/payments/texts';
import { money, sessionWhen } from '../../../shared/payments/ui/time';
import styles from '../../../shared/payments/ui/payments.module.css';
import { manageTexts as t } from './texts';

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
