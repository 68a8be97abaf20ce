import { Surface } from '../../../shared/ui/Surface';
import styles from './videos.module.css';

/** A title and two lines, shimmering, where a card will be (antd's Skeleton's look, without antd). */
export function VideoCardSkeleton() {
  return (
    <Surface className={styles.card}>
      <div className={styles.thumbnailSkeleton} />
      <div className={styles.cardBody}>
        <span className={`${styles.lineSkeleton} ${styles.titleSkeleton}`} />
        <span className={styles.lineSkeleton} />
        <span className={`${styles.lineSkeleton} ${styles.lastLineSkeleton}`} />
      </div>
    </Surface>
  );
}
