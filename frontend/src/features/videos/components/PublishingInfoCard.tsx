import { CHANNEL_URLS } from '../../../shared/config/channels';
import { Surface } from '../../../shared/ui/Surface';
import { texts } from '../texts';
import styles from './videos.module.css';

const CHANNELS = (['video', 'photos', 'blog'] as const).map((id) => ({
  id,
  name: texts.channels[id],
  href: CHANNEL_URLS[id],
}));

/** The three places the videos are also published, as links (addresses set at build time). */
export function PublishingInfoCard() {
  return (
    <Surface className={styles.infoCard}>
      <h2 className={styles.infoTitle}>{texts.infoTitle}</h2>
      <p className={styles.infoText}>{texts.infoText}</p>
      <p className={styles.channelsLabel}>{texts.channelsLabel}</p>
      <ul className={styles.channels}>
        {CHANNELS.map((channel) => (
          <li key={channel.id}>
            <a className={styles.channel} href={channel.href} rel="noopener noreferrer">
              {channel.name}
              <span className={styles.srOnly}> {texts.opensElsewhere}</span>
            </a>
          </li>
        ))}
      </ul>
    </Surface>
  );
}
