import { PlayCircleOutlined } from '../../../shared/ui/icons/PlayCircleOutlined';
import { Link } from '../../../shared/router/links';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { texts } from '../texts';
import { SubscribeButton } from './SubscribeButton';
import { TalkToAiButton } from './TalkToAiButton';
import styles from './home.module.css';

/** The page's h1 and the AI avatar's welcome card with the three ways in. */
export function HomeHero() {
  return (
    <div className={styles.hero}>
      <h1 className={styles.heading}>{texts.heading}</h1>
      <div className={styles.welcomeCard}>
        <div className={styles.avatarRow}>
          <span className={styles.avatar} aria-hidden>
            AI
          </span>
          <span className={styles.avatarName}>{texts.avatarLabel(PRACTITIONER_NAME)}</span>
        </div>
        <p className={styles.welcome}>{texts.welcome(PRACTITIONER_NAME)}</p>
        <div className={styles.actions}>
          <TalkToAiButton />
          <Link to="/videos" className={styles.watch}>
            <PlayCircleOutlined aria-hidden /> {texts.watchIntroduction}
          </Link>
        </div>
        <SubscribeButton />
      </div>
    </div>
  );
}
