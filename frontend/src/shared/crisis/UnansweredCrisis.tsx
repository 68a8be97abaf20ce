import { CrisisLines } from './CrisisLines';
import { texts } from './texts';
import styles from './crisis.module.css';

/** In place of an answer that did not come, to a message that reads as a crisis: the lines first. */
export function UnansweredCrisis() {
  return (
    <section className={styles.unanswered} aria-label={texts.unansweredLabel}>
      <CrisisLines />
      <p className={styles.unansweredText}>{texts.unanswered}</p>
    </section>
  );
}
