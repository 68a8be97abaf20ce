import { QueryBar } from '../../shared/ai/QueryBar';
import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { durationMinutes, priceLabel } from '../../shared/config/prices';
import { CrisisBanner } from '../../shared/crisis/CrisisBanner';
import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';
import styles from './routes.module.css';

// The booking screen's chat input placeholder is the specification's, verbatim.
const ASK_PLACEHOLDER = 'Ask me about session types, scheduling, or what to expect...';
const ASK_PLACEHOLDER_SHORT = 'Ask about sessions...';

/** Serves both /book and /book-session. */
export function BookRoute() {
  return (
    <>
      <CrisisBanner />
      <PageHeader
        title="Book Session"
        intro={`Choose a one-hour AI session (${priceLabel('ai-session')}), a monthly subscription (${priceLabel('subscription')}, unlimited AI access) or a ${durationMinutes('dr-helen')}-minute in-person consultation with ${PRACTITIONER_NAME} (${priceLabel('dr-helen')}), then pick a date and a time.`}
      />
      <PagePreparing />
      <section aria-label="Ask about booking" className={styles.askSection}>
        <QueryBar placeholder={ASK_PLACEHOLDER} shortPlaceholder={ASK_PLACEHOLDER_SHORT} />
      </section>
    </>
  );
}
