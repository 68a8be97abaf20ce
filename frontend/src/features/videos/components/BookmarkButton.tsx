import { BookFilled } from '../../../shared/ui/icons/BookFilled';
import { BookOutlined } from '../../../shared/ui/icons/BookOutlined';
import { Button } from '../../../shared/ui/Button';
import { useBookmarks } from '../hooks/use-bookmarks';
import { texts } from '../texts';
import styles from './videos.module.css';

/**
 * A toggle: its name stays "Save <title>" and aria-pressed carries the state (a name that changed with the
 * state would be announced twice); sighted users see the filled icon and colour.
 */
export function BookmarkButton({ videoId, title }: { videoId: string; title: string }) {
  const { isBookmarked, toggle } = useBookmarks();
  const saved = isBookmarked(videoId);
  return (
    <Button
      className={styles.bookmark}
      variant={saved ? 'primary' : 'default'}
      icon={saved ? <BookFilled aria-hidden /> : <BookOutlined aria-hidden />}
      aria-pressed={saved}
      onClick={() => toggle(videoId)}
    >
      {texts.save}
      <span className={styles.srOnly}> {title}</span>
    </Button>
  );
}
