import { Link } from '../router/links';
import { Surface } from './Surface';
import styles from './ui.module.css';

/**
 * For screens whose features are not built yet: says so plainly and offers a way home, instead of dead
 * controls. Plain markup, so these placeholder screens stay tiny.
 */
export function PagePreparing() {
  return (
    <Surface className={styles.preparing}>
      <h2 className={styles.preparingTitle}>This page is being prepared</h2>
      <p className={styles.preparingText}>
        We are still putting this part of the portal together. Please check back soon.
      </p>
      <Link to="/" className={styles.homeLink}>
        Back to the home page
      </Link>
    </Surface>
  );
}
