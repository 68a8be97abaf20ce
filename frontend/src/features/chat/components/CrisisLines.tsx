import { CRISIS_LINES, EMERGENCY_LINE } from '@hhp/proto/catalogue/crisis';
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

/** Shown first in an answer to a medical emergency: the emergency number, as a link a phone can call. */
export function EmergencyLine() {
  return (
    <div className={styles.crisisLines}>
      <a className={styles.crisisLink} href={EMERGENCY_LINE.href}>
        <strong>{texts.emergencyCall}</strong>
        <span>{texts.emergencyCallLabel}</span>
      </a>
    </div>
  );
}
