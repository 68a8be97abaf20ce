import { Skeleton } from 'antd';
import { Surface } from '../../../shared/ui/Surface';
import styles from './videos.module.css';

export function VideoCardSkeleton() {
  return (
    <Surface className={styles.card}>
      <div className={styles.thumbnailSkeleton} />
      <div className={styles.cardBody}>
        <Skeleton active title paragraph={{ rows: 2 }} />
      </div>
    </Surface>
  );
}
