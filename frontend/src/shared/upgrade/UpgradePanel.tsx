import { useId } from 'react';
import { errorSentence } from '../api/error-message';
import { usePaymentsConfigQuery } from '../api/payments-config';
import { Link } from '../router/links';
import { PRACTITIONER_NAME } from '../config/practitioner';
import { CrisisLines } from '../crisis/CrisisLines';
import { SignInLinkForm } from '../subscriber-sign-in/SignInLinkForm';
import { upgradeTexts as texts } from './texts';
import styles from './upgrade.module.css';

/**
 * Above the chat's input (in the voice widget, the Symptom Explorer's answer) once the free questions are used
 * (specification, sections 8 and 9), with the crisis lines: a crisis is never behind the limit. With payments
 * off, the payments service's sentence above the options: none can be paid for online, and whom to write to.
 */
export function UpgradePanel({ onLeave }: { onLeave: () => void }) {
  const titleId = useId();
  // With payments off none of the options can be paid for here: the panel says so, and whom to write to.
  const payments = usePaymentsConfigQuery();
  return (
    <div className={styles.upgrade} role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.upgradeTitle}>
        {texts.limitTitle}
      </h3>
      <p className={styles.upgradeSubtext}>{texts.limitSubtext}</p>
      <CrisisLines />
      {payments.isError && <p className={styles.paymentsOff}>{errorSentence(payments.error)}</p>}
      <ul className={styles.options}>
        {texts.upgradeOptions(PRACTITIONER_NAME).map((option) => (
          <li key={option.title}>
            <Link to={option.to} className={styles.option} onClick={onLeave}>
              <span className={styles.optionTitle}>{option.title}</span>
              <span className={styles.optionDetail}>{option.detail}</span>
              <span className={styles.optionPrice}>{option.price}</span>
            </Link>
          </li>
        ))}
      </ul>
      <SignInLinkForm />
    </div>
  );
}
