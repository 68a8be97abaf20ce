import { useId } from 'react';
import { Link } from '../../../shared/router/links';
import { texts } from '../texts';
import styles from './treatments.module.css';

export function ScheduleCard() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.schedule}>
      <div>
        <h2 id={titleId} className={styles.scheduleTitle}>
          {texts.scheduleTitle}
        </h2>
        <p className={styles.scheduleText}>{texts.scheduleText}</p>
      </div>
      <Link to="/book" className={styles.scheduleButton}>
        {texts.schedule}
      </Link>
    </section>
  );
}
