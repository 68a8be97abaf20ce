import type { Video } from '@hhp/proto';
import { lazy, useState } from 'react';
import { useListVideosQuery } from '../api';
import type { VideoFilter } from '../categories';
import { usePrerenderedVideos } from '../prerendered';
import { CategoryFilter } from './CategoryFilter';
import { PublishingInfoCard } from './PublishingInfoCard';
import { AntdPart } from './AntdPart';
import { VideoResults } from './VideoResults';
import styles from './videos.module.css';

// The player (antd's Modal) is fetched on the first open, or earlier when the pointer or focus reaches the
// library (AntdPart.tsx).
const loadPlayer = () => import('./VideoPlayerModal');
const VideoPlayerModal = lazy(async () => ({ default: (await loadPlayer()).VideoPlayerModal }));
const preloadPlayer = () => void loadPlayer().catch(() => undefined);

export function VideoLibrary() {
  const [filter, setFilter] = useState<VideoFilter>('all');
  const [selected, setSelected] = useState<Video | null>(null);
  const [playerOpen, setPlayerOpen] = useState(false);
  // Mounted from the first open on, so that closing keeps antd's animation and focus return.
  const [playerWanted, setPlayerWanted] = useState(false);
  // currentData (not data) so a new filter shows skeletons instead of the previous category's videos.
  const { currentData, error, isFetching, refetch } = useListVideosQuery(filter === 'all' ? undefined : filter);
  // On the prerendered page, its list (the default library) stands in for the first answer: the app hydrates
  // the grid the build rendered, and the answer replaces it (the same markup when equal).
  const prerendered = usePrerenderedVideos(currentData !== undefined || error !== undefined);
  const videos = currentData ?? (filter === 'all' ? prerendered : undefined);

  const openVideo = (video: Video) => {
    setSelected(video);
    setPlayerOpen(true);
    setPlayerWanted(true);
  };

  return (
    <div className={styles.library} onPointerOver={preloadPlayer} onFocus={preloadPlayer}>
      <CategoryFilter value={filter} onChange={setFilter} />
      <VideoResults
        videos={videos}
        loading={isFetching && !videos}
        error={error}
        filtered={filter !== 'all'}
        onRetry={() => void refetch()}
        onShowAll={() => setFilter('all')}
        onOpen={openVideo}
      />
      <PublishingInfoCard />
      {playerWanted && (
        <AntdPart>
          <VideoPlayerModal
            video={selected}
            open={playerOpen}
            onClose={() => setPlayerOpen(false)}
            afterClose={() => setSelected(null)}
          />
        </AntdPart>
      )}
    </div>
  );
}
