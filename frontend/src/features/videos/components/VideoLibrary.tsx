import type { Video } from '@hhp/proto';
import { useState } from 'react';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { useListVideosQuery } from '../api';
import type { VideoFilter } from '../categories';
import { CategoryFilter } from './CategoryFilter';
import { PublishingInfoCard } from './PublishingInfoCard';
import { VideoPlayerModal } from './VideoPlayerModal';
import { VideoResults } from './VideoResults';
import styles from './videos.module.css';

/** antd's components with the portal's theme: this screen is a lazy chunk of its own, so antd loads with it. */
export function VideoLibrary() {
  const [filter, setFilter] = useState<VideoFilter>('all');
  const [selected, setSelected] = useState<Video | null>(null);
  const [playerOpen, setPlayerOpen] = useState(false);
  // currentData (not data) so a new filter shows skeletons instead of the previous category's videos.
  const { currentData, error, isFetching, refetch } = useListVideosQuery(filter === 'all' ? undefined : filter);

  const openVideo = (video: Video) => {
    setSelected(video);
    setPlayerOpen(true);
  };

  return (
    <AntdScope>
      <div className={styles.library}>
        <CategoryFilter value={filter} onChange={setFilter} />
        <VideoResults
          videos={currentData}
          loading={isFetching && !currentData}
          error={error}
          filtered={filter !== 'all'}
          onRetry={() => void refetch()}
          onShowAll={() => setFilter('all')}
          onOpen={openVideo}
        />
        <PublishingInfoCard />
        <VideoPlayerModal
          video={selected}
          open={playerOpen}
          onClose={() => setPlayerOpen(false)}
          afterClose={() => setSelected(null)}
        />
      </div>
    </AntdScope>
  );
}
