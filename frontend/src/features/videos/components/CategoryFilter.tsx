import { Button } from '../../../shared/ui/Button';
import { CATEGORY_LABELS, FILTERS, type VideoFilter } from '../categories';
import { texts } from '../texts';
import styles from './videos.module.css';

/** Toggle buttons (aria-pressed) rather than tabs: they filter one list, they do not switch panels. */
export function CategoryFilter({ value, onChange }: { value: VideoFilter; onChange: (next: VideoFilter) => void }) {
  return (
    <div role="group" aria-label={texts.filterLabel} className={styles.filters}>
      {FILTERS.map((filter) => (
        <Button
          key={filter}
          className={styles.filter}
          variant={filter === value ? 'primary' : 'default'}
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
        >
          {filter === 'all' ? texts.all : CATEGORY_LABELS[filter]}
        </Button>
      ))}
    </div>
  );
}
