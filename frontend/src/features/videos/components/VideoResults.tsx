import type { Video } from '@hhp/proto';
import { texts } from '../texts';
import { VideoCard } from './VideoCard';
import { VideoCardSkeleton } from './VideoCardSkeleton';
import { VideosEmpty } from './VideosEmpty';
import { VideosError } from './VideosError';
import styles from './videos.module.css';

const SKELETONS = 6; // the specification's number of loading placeholders

interface Props {
  videos: Video[] | undefined;
  loading: boolean;
  error: unknown;
  filtered: boolean;
  onRetry: () => void;
  onShowAll: () => void;
  onOpen: (video: Video) => void;
}

export function VideoResults({ videos, loading, error, filtered, onRetry, onShowAll, onOpen }: Props) {
  if (error && !loading) return <VideosError error={error} onRetry={onRetry} />;

  const status = loading ? texts.loading : videos ? texts.shown(videos.length) : '';
  return (
    <section aria-busy={loading} aria-label={texts.pageTitle}>
      <p role="status" className={styles.srOnly}>
        {status}
      </p>
      {loading ? (
        <ul className={styles.grid} aria-hidden>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <li key={index}>
              <VideoCardSkeleton />
            </li>
          ))}
        </ul>
      ) : videos && videos.length > 0 ? (
        <ul className={styles.grid} data-testid="video-grid">
          {videos.map((video) => (
            <li key={video.id} data-category={video.category}>
              <VideoCard video={video} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : videos ? (
        <VideosEmpty filtered={filtered} onShowAll={onShowAll} />
      ) : null}
    </section>
  );
}
