import { SUPPORT_EMAIL } from '../../shared/payments/config';
import { texts } from '../../shared/payments/texts';
import { ServicePanel } from '../../shared/payments/ui/ServicePanel';
import styles from '../../shared/payments/ui/payments.module.css';

const t = texts.booking;

/** Shown on /book before anything is attempted when payments cannot take a payment: whom to write to instead. */
export function PaymentsOffNotice() {
  return (
    <ServicePanel type="warning" title={t.paymentsOffTitle}>
      <p className={styles.text}>
        {t.paymentsOffText}{' '}
        <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Booking a session')}`}>{SUPPORT_EMAIL}</a>
      </p>
      <p className={styles.text}>{t.paymentsOffBrowse}</p>
    </ServicePanel>
  );
}
