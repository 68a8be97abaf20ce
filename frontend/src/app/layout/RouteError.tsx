import { Button } from '../../shared/ui/Button';
import { DocumentTitle } from '../../shared/ui/DocumentTitle';
import styles from './layout.module.css';

/**
 * A screen that failed to load or render (most often a chunk lost to a new deployment): offer a reload.
 * Plain markup, not antd's Result, whose illustrations would weigh on every first visit.
 */
export function RouteError() {
  return (
    <main id="main" className={styles.routeError}>
      <DocumentTitle title="Something went wrong" />
      <h1>Something went wrong</h1>
      <p>This page could not be loaded. Please reload to try again.</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </main>
  );
}
