import { useEffect, useRef, useState } from 'react';
import { PLACEHOLDER_THUMBNAIL } from '../categories';
import styles from './videos.module.css';

interface Props {
  src: string | undefined;
  /** The grid's first card: fetched at once and first (it is the largest paint of /videos on a phone). */
  first?: boolean;
  /** Not fetched yet: the first card's image goes first (on a phone's connection the others would share it). */
  waiting?: boolean;
  /** The image has loaded, or failed to. */
  onSettled?: () => void;
}

/** Decorative (the title names the video); a missing or broken image falls back to the placeholder. */
export function VideoThumbnail({ src, first = false, waiting = false, onSettled }: Props) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A prerendered page's image may have loaded, or failed, before the app hydrated it: no load or error event
  // is left to call the handlers.
  const settle = useRef(onSettled);
  useEffect(() => {
    const element = image.current;
    if (!element?.complete) return;
    if (element.naturalWidth === 0 && element.getAttribute('src') !== PLACEHOLDER_THUMBNAIL) setBroken(true);
    settle.current?.();
  }, []);
  if (waiting) return <div className={styles.thumbnailSkeleton} />;
  return (
    <img
      ref={image}
      className={styles.thumbnail}
      src={!src || broken ? PLACEHOLDER_THUMBNAIL : src}
      alt=""
      width={320}
      height={180}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      onLoad={onSettled}
      onError={() => {
        setBroken(true);
        onSettled?.();
      }}
    />
  );
}
