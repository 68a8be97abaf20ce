import { NavLink } from '../../../shared/router/links';
import { ACTION_LINKS } from '../nav-items';
import styles from './nav.module.css';

/** "Book Session" and "Subscribe $19/mo": links that look like buttons, since they go to other pages. */
export function NavActions({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <NavLink to={ACTION_LINKS.book.to} onClick={onNavigate} className={styles.ctaSecondary}>
        {ACTION_LINKS.book.label}
      </NavLink>
      <NavLink to={ACTION_LINKS.subscribe.to} onClick={onNavigate} className={styles.ctaPrimary}>
        {ACTION_LINKS.subscribe.label}
      </NavLink>
    </>
  );
}
