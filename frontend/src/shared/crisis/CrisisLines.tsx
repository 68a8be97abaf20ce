import { CRISIS_LINES } from '@hhp/proto/catalogue/crisis';
import { texts } from './texts';
import styles from './crisis.module.css';

/**
 * Shown first in a crisis answer: the two lines, as large links a phone can act on. `gentle`: after an ordinary
 * answer to a message that may be at risk (the crisis model's middle band), offered under a quieter heading.
 */
export function CrisisLines({ gentle = false }: { gentle?: boolean }) {
  return (
    <div className={gentle ? `${styles.crisisLines} ${styles.crisisLinesGentle}` : styles.crisisLines}>
      <p className={gentle ? styles.crisisHeadingGentle : styles.crisisHeading}>
        {gentle ? texts.offeredHeading : texts.heading}
      </p>
      <a className={styles.crisisLink} href={CRISIS_LINES.phone.href}>
        <strong>{texts.call}</strong>
        <span>{texts.callLabel}</span>
      </a>
      <a className={styles.crisisLink} href={CRISIS_LINES.text.href}>
        <strong>{texts.text}</strong>
        <span>{texts.textLabel}</span>
      </a>
    </div>
  );
}
