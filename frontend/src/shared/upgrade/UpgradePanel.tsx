import { useId } from 'react';
import { Link } from 'react-router';
import { PRACTITIONER_NAME } from '../config/practitioner';
import { SignInLinkForm } from '../subscriber-sign-in/SignInLinkForm';
import { upgradeTexts as texts } from './texts';
import styles from './upgrade.module.css';

/** In place of the chat's input (or in the voice widget) once the free questions are used (specification, sections 8 and 9). */
export function UpgradePanel({ onLeave }: { onLeave: () => void }) {
  const titleId = useId();
  return (
    <div className={styles.upgrade} role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.upgradeTitle}>
        {texts.limitTitle}
      </h3>
      <p className={styles.upgradeSubtext}>{texts.limitSubtext}</p>
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
