import { ClockCircleOutlined } from '@ant-design/icons';
import type { Video } from '@hhp/proto';
import { Tag } from 'antd';
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
export function VideoCard({ video, onOpen }: { video: Video; onOpen: (video: Video) => void }) {
  return (
    <Surface className={styles.card}>
      <VideoThumbnail src={video.thumbnailUrl} />
      <div className={styles.cardBody}>
        <div className={styles.cardMeta}>
          <Tag className={styles.tag}>{CATEGORY_LABELS[video.category]}</Tag>
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
