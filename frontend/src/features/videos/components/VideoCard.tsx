import { ClockCircleOutlined } from '../../../shared/ui/icons/ClockCircleOutlined';
import type { Video } from '@hhp/proto';
import { Surface } from '../../../shared/ui/Surface';
import { CATEGORY_LABELS } from '../categories';
import { texts } from '../texts';
import { BookmarkButton } from './BookmarkButton';
import { VideoThumbnail } from './VideoThumbnail';
import styles from './videos.module.css';

/**
 * The title is the one real button; its ::after stretches over the card so a click anywhere opens the
 * player, without nesting the bookmark button inside another interactive element.
 */
interface Props {
  video: Video;
  /** The grid's first card: its image is fetched first, the others' once it is in (VideoThumbnail). */
  first?: boolean;
  waiting?: boolean;
  onImageSettled?: () => void;
  onOpen: (video: Video) => void;
}

export function VideoCard({ video, first, waiting, onImageSettled, onOpen }: Props) {
  return (
    <Surface className={styles.card}>
      <VideoThumbnail src={video.thumbnailUrl} first={first} waiting={waiting} onSettled={onImageSettled} />
      <div className={styles.cardBody}>
        <div className={styles.cardMeta}>
          <span className={styles.tag}>{CATEGORY_LABELS[video.category]}</span>
          {video.duration && (
            <span className={styles.duration}>
              <ClockCircleOutlined aria-hidden />
              <span className={styles.srOnly}>{texts.duration}</span> {video.duration}
            </span>
          )}
        </div>
        <h2 className={styles.cardTitle}>
          <button type="button" className={styles.open} onClick={() => onOpen(video)}>
            {video.title}
          </button>
        </h2>
        {video.description && <p className={styles.excerpt}>{video.description}</p>}
        <BookmarkButton videoId={video.id} title={video.title} />
      </div>
    </Surface>
  );
}
