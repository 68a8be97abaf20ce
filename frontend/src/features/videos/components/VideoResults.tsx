import type { Video } from '@hhp/proto';
import { lazy, useState } from 'react';
import { texts } from '../texts';
import { VideoCard } from './VideoCard';
import { VideoCardSkeleton } from './VideoCardSkeleton';
import { AntdPart } from './AntdPart';
import { VideosEmpty } from './VideosEmpty';
import styles from './videos.module.css';

const VideosError = lazy(async () => ({ default: (await import('./VideosError')).VideosError }));

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
  // The first card's image is fetched alone, then the others' (VideoThumbnail).
  const [firstImageIn, setFirstImageIn] = useState(false);
  if (error && !loading) {
    return (
      <AntdPart>
        <VideosError error={error} onRetry={onRetry} />
      </AntdPart>
    );
  }

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
          {videos.map((video, index) => (
            <li key={video.id} data-category={video.category}>
              <VideoCard
                video={video}
                first={index === 0}
                waiting={index > 0 && !firstImageIn}
                onImageSettled={index === 0 ? () => setFirstImageIn(true) : undefined}
                onOpen={onOpen}
              />
            </li>
          ))}
        </ul>
      ) : videos ? (
        <VideosEmpty filtered={filtered} onShowAll={onShowAll} />
      ) : null}
    </section>
  );
}
