import { EMERGENCY_LINE } from '@hhp/proto/catalogue/crisis';
import { texts } from './texts';
import styles from './ai.module.css';

/** The emergency number as a link a phone can call: first in an answer to a medical emergency. */
export function EmergencyCallLink() {
  return (
    <a className={styles.emergencyLink} href={EMERGENCY_LINE.href}>
      <strong>{texts.emergencyCall}</strong>
      <span>{EMERGENCY_LINE.label}</span>
    </a>
  );
}
