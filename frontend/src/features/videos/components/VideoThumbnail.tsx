import { useState } from 'react';
import { PLACEHOLDER_THUMBNAIL } from '../categories';
import styles from './videos.module.css';

/** Decorative (the title names the video); a missing or broken image falls back to the placeholder. */
export function VideoThumbnail({ src }: { src: string | undefined }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className={styles.thumbnail}
      src={!src || broken ? PLACEHOLDER_THUMBNAIL : src}
      alt=""
      width={320}
      height={180}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
