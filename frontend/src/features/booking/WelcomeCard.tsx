import { RobotOutlined } from '../../shared/ui/icons/RobotOutlined';
import { Surface } from '../../shared/ui/Surface';
import { texts } from '../../shared/payments/texts';
import styles from '../../shared/payments/slots/booking.module.css';

/** The AI assistant's welcome (labelled as the AI, never as the practitioner herself). */
export function WelcomeCard() {
  return (
    <Surface className={styles.welcome}>
      <span className={styles.avatar} aria-hidden>
        <RobotOutlined />
      </span>
      <div>
        <h2 className={styles.welcomeTitle}>{texts.booking.welcomeTitle}</h2>
        <p className={styles.welcomeText}>{texts.booking.welcomeText}</p>
      </div>
    </Surface>
  );
}
