import { texts } from '../../shared/payments/texts';
import styles from '../../shared/payments/ui/payments.module.css';

/** The three steps of the specification, the current one marked for assistive technology too. */
export function CheckoutProgress({ current }: { current: number }) {
  return (
    <ol className={styles.steps} aria-label={texts.checkout.progressLabel}>
      {texts.checkout.steps.map((label, index) => {
        const state = index < current ? styles.stepDone : index === current ? styles.stepCurrent : '';
        return (
          <li key={label} className={`${styles.step} ${state}`} aria-current={index === current ? 'step' : undefined}>
            {label}
          </li>
        );
      })}
    </ol>
  );
}
