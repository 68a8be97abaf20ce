import { CRISIS_LINES } from '@hhp/proto/catalogue/crisis';
import { texts } from './texts';
import styles from './crisis.module.css';

/** Shown first in a crisis answer: the two lines, as large links a phone can act on. */
export function CrisisLines() {
  return (
    <div className={styles.crisisLines}>
      <p className={styles.crisisHeading}>{texts.heading}</p>
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
