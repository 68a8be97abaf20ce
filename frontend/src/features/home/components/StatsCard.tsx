import { useId } from 'react';
import { Surface } from '../../../shared/ui/Surface';
import { texts } from '../texts';
import styles from './home.module.css';

export function StatsCard() {
  const titleId = useId();
  return (
    <Surface className={styles.statsCard}>
      <h2 id={titleId} className={styles.cardTitle}>
        {texts.statsTitle}
      </h2>
      <dl className={styles.stats} aria-labelledby={titleId}>
        {texts.stats.map((stat) => (
          <div key={stat.label} className={styles.stat}>
            <dt className={styles.statLabel}>{stat.label}</dt>
            <dd className={styles.statValue}>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </Surface>
  );
}
