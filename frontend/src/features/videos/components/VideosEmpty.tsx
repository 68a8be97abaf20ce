import { Button } from '../../../shared/ui/Button';
import { texts } from '../texts';
import styles from './videos.module.css';

/** Where antd's Empty was: its sentence and, for a category, the way back to every video (no illustration). */
export function VideosEmpty({ filtered, onShowAll }: { filtered: boolean; onShowAll: () => void }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>{filtered ? texts.emptyCategory : texts.emptyAll}</p>
      {filtered && <Button onClick={onShowAll}>{texts.showAll}</Button>}
    </div>
  );
}
