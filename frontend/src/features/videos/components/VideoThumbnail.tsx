import { useState } from 'react';
import { PLACEHOLDER_THUMBNAIL } from '../categories';
import styles from './videos.module.css';

/**
 * Decorative (the title names the video); a missing or broken image falls back to the placeholder. The first
 * card's image is the largest paint of /videos on a phone: it is fetched at once and first; the others wait
 * until they are about to scroll into view.
 */
export function VideoThumbnail({ src, first = false }: { src: string | undefined; first?: boolean }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className={styles.thumbnail}
      src={!src || broken ? PLACEHOLDER_THUMBNAIL : src}
      alt=""
      width={320}
      height={180}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
