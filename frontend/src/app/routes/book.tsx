import { BookingScreen } from '../../features/payments/booking/BookingScreen';
import { texts } from '../../features/payments/texts';
import { QueryBar } from '../../shared/ai/QueryBar';
import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { durationMinutes, priceLabel } from '../../shared/config/prices';
import { CrisisBanner } from '../../shared/crisis/CrisisBanner';
import { PageHeader } from '../../shared/ui/PageHeader';
import styles from './routes.module.css';

/** Serves both /book and /book-session. */
export function BookRoute() {
  return (
    <>
      <CrisisBanner />
      <PageHeader
        title={texts.booking.pageTitle}
        intro={`Choose a one-hour AI session (${priceLabel('ai-session')}), a monthly subscription (${priceLabel('subscription')}, unlimited AI access) or a ${durationMinutes('dr-helen')}-minute in-person consultation with ${PRACTITIONER_NAME} (${priceLabel('dr-helen')}), then pick a date and a time.`}
      />
      <BookingScreen />
      <section aria-label={texts.booking.askTitle} className={styles.askSection}>
        <QueryBar placeholder={texts.booking.askPlaceholder} shortPlaceholder={texts.booking.askPlaceholderShort} />
      </section>
    </>
  );
}
