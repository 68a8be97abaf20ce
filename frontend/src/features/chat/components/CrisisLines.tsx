import { CRISIS_LINES } from '@hhp/proto/catalogue/crisis';
import { texts } from '../texts';
import styles from './chat.module.css';

/** Shown first in a crisis answer: the two lines, as large links a phone can act on. */
export function CrisisLines() {
  return (
    <div className={styles.crisisLines}>
      <p className={styles.crisisHeading}>{texts.crisisHeading}</p>
      <a className={styles.crisisLink} href={CRISIS_LINES.phone.href}>
        <strong>{texts.crisisCall}</strong>
        <span>{texts.crisisCallLabel}</span>
      </a>
      <a className={styles.crisisLink} href={CRISIS_LINES.text.href}>
        <strong>{texts.crisisText}</strong>
        <span>{texts.crisisTextLabel}</span>
      </a>
    </div>
  );
}
