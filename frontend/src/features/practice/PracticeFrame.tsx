import { useEffect, type ReactNode } from 'react';
import { SITE_NAME } from '../../shared/config/site';
import { Link } from '../../shared/router/links';
import { AntdScope } from '../../shared/ui/AntdScope';
import { texts } from './texts';
import styles from './practice.module.css';

/**
 * The console's frame around each of its screens (a frame, not a layout route: the router's Outlet would be one
 * more module the public pages share with it, split out of their first download): not the public site's (no navigation, chat or voice), and never indexed (React hoists the
 * <meta> into the head; the build writes it into these pages' HTML too, scripts/prerender.mjs).
 */
export function PracticeFrame({ children }: { children: ReactNode }) {
  // As the public layout does: React owns the page from here (tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AntdScope>
      <meta name="robots" content="noindex" />
      <div className={styles.shell}>
        <header className={styles.bar}>
          <Link to="/" className={styles.home}>
            {SITE_NAME}
          </Link>{' '}
          · {texts.consoleName}
        </header>
        <main id="main" tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </div>
    </AntdScope>
  );
}
