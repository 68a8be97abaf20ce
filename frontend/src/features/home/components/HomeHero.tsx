import { PlayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { texts } from '../texts';
import styles from './home.module.css';

export function HomeHero() {
  return (
    <div className={styles.hero}>
      <h1 className={styles.heading}>{texts.heading}</h1>
      <p className={styles.welcome}>{texts.welcome(PRACTITIONER_NAME)}</p>
      <Link to="/videos" className={styles.watch}>
        <PlayCircleOutlined aria-hidden /> {texts.watchIntroduction}
      </Link>
      <dl className={styles.stats}>
        {texts.stats.map((stat) => (
          <div key={stat.label} className={styles.stat}>
            <dt className={styles.statLabel}>{stat.label}</dt>
            <dd className={styles.statValue}>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
