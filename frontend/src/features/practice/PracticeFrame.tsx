import { useEffect } from 'react';
import { Outlet } from '../../shared/router/render';
import { AntdScope } from '../../shared/ui/AntdScope';
import { texts } from './texts';
import styles from './practice.module.css';

/**
 * The console's frame: not the public site's (no navigation, chat or voice), and never indexed (React hoists the
 * <meta> into the head; the build writes it into these pages' HTML too, scripts/prerender.mjs).
 */
export function PracticeLayout() {
  // As the public layout does: React owns the page from here (tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AntdScope>
      <meta name="robots" content="noindex" />
      <div className={styles.shell}>
        <header className={styles.bar}>{texts.consoleName}</header>
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
    </AntdScope>
  );
}
