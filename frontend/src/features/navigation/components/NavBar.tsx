import { Brand } from './Brand';
import { ConditionsDisclosure } from './ConditionsDisclosure';
import { MainLinks } from './MainLinks';
import { MobileMenu } from './MobileMenu';
import { NavActions } from './NavActions';
import { texts } from '../texts';
import styles from './nav.module.css';

/** The sticky site header: full navigation on wide screens, a drawer behind a menu button on small ones. */
export function NavBar() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Brand />
        <nav aria-label={texts.primaryNav} className={styles.desktopNav}>
          <ul className={styles.linkRow}>
            <MainLinks />
            <li>
              <ConditionsDisclosure />
            </li>
          </ul>
        </nav>
        <div className={styles.desktopActions}>
          <NavActions />
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
