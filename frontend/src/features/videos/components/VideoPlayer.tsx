import type { Video } from '@hhp/proto';
import { texts } from '../texts';
import styles from './videos.module.css';

/** The specification's order: an embedded YouTube video, else the native player, else a notice. */
export function VideoPlayer({ video }: { video: Video }) {
  if (video.youtubeId) {
    return (
      <div className={styles.frame}>
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeId)}`}
          title={video.title}
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  if (video.videoUrl) {
    return (
      <video className={styles.native} src={video.videoUrl} controls preload="metadata">
        {texts.videoFallback}
      </video>
    );
  }
  return <p className={styles.noVideo}>{texts.noVideo}</p>;
}
