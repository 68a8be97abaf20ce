import type { Video } from '@hhp/proto';
import { texts } from '../texts';
import styles from './videos.module.css';

/**
 * The specification's order: an embedded YouTube video, else the native player (with its captions, shown
 * by default: the default library is narrated), else a notice.
 */
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
      <video className={styles.native} src={video.videoUrl} poster={video.thumbnailUrl} controls preload="metadata">
        {video.captionsUrl && (
          <track kind="captions" src={video.captionsUrl} srcLang="en" label={texts.captionsLabel} default />
        )}
        {texts.videoFallback}
      </video>
    );
  }
  return <p className={styles.noVideo}>{texts.noVideo}</p>;
}
