import { Drawer } from 'antd';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { CONDITION_LINKS } from '../nav-items';
import { texts } from '../texts';
import { MainLinks } from './MainLinks';
import { NavActions } from './NavActions';
import styles from './nav.module.css';

/** The same links as the bar, a "Health Conditions" group and both buttons; choosing any item closes it. */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const conditionsHeadingId = useId();
  return (
    <Drawer placement="right" size={300} open={open} onClose={onClose} title={texts.menu}>
      <nav aria-label={texts.menu} className={styles.drawerNav}>
        <ul className={styles.drawerList}>
          <MainLinks onNavigate={onClose} />
        </ul>
        <h2 id={conditionsHeadingId} className={styles.drawerHeading}>
          {texts.healthConditions}
        </h2>
        <ul className={styles.drawerList} aria-labelledby={conditionsHeadingId}>
          {CONDITION_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={onClose}
                className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className={styles.drawerActions}>
          <NavActions onNavigate={onClose} />
        </div>
      </nav>
    </Drawer>
  );
}
