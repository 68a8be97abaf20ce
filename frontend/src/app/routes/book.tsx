import { BookingScreen } from '../../features/booking/BookingScreen';
import { texts } from '../../shared/payments/texts';
import { QueryBar } from '../../shared/ai/QueryBar';
import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { durationMinutes, priceLabel } from '../../shared/config/prices';
import { CrisisBanner } from '../../shared/crisis/CrisisBanner';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useHydrated } from '../../shared/ui/use-hydrated';
import styles from './routes.module.css';

/**
 * Serves both /book and /book-session. The build prerenders the page around the form: the form itself depends
 * on this visit (today's date, the address's ?plan=, a draft kept in the history entry), so it renders once the
 * app has taken the page over; until then a block as tall as the screen keeps its place, so that nothing the
 * visitor sees moves when it comes (issue 28: the page was blank until its code had run).
 */
export function BookRoute() {
  const hydrated = useHydrated();
  return (
    <>
      <CrisisBanner />
      <PageHeader
        title={texts.booking.pageTitle}
        intro={`Choose a one-hour AI session (${priceLabel('ai-session')}), a monthly subscription (${priceLabel('subscription')}, unlimited AI access) or a ${durationMinutes('dr-helen')}-minute in-person consultation with ${PRACTITIONER_NAME} (${priceLabel('dr-helen')}), then pick a date and a time.`}
      />
      {hydrated ? <BookingScreen /> : <div className={styles.bookingPlaceholder} aria-hidden />}
      <section aria-label={texts.booking.askTitle} className={styles.askSection}>
        <QueryBar placeholder={texts.booking.askPlaceholder} shortPlaceholder={texts.booking.askPlaceholderShort} />
      </section>
    </>
  );
}
