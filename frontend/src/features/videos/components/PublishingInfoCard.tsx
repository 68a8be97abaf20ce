import { Surface } from '../../../shared/ui/Surface';
import { texts } from '../texts';
import styles from './videos.module.css';

/**
 * The specification's three channel links are placeholders with no address yet, so the channels are named
 * as plain text rather than shown as links that go nowhere.
 */
export function PublishingInfoCard() {
  return (
    <Surface className={styles.infoCard}>
      <h2 className={styles.infoTitle}>{texts.infoTitle}</h2>
      <p className={styles.infoText}>{texts.infoText}</p>
      <p className={styles.channelsLabel}>{texts.channelsLabel}</p>
      <ul className={styles.channels}>
        {texts.channels.map((channel) => (
          <li key={channel} className={styles.channel}>
            {channel}
          </li>
        ))}
      </ul>
    </Surface>
  );
}
