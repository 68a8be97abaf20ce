import { Drawer } from 'antd';
import { useId } from 'react';
import { NavLink } from '../../../shared/router/links';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { CONDITION_LINKS } from '../nav-items';
import { texts } from '../texts';
import { MainLinks } from './MainLinks';
import { NavActions } from './NavActions';
import styles from './nav.module.css';

interface Props {
  open: boolean;
  /** The close button, Escape or the mask: focus goes back to the menu button. */
  onClose: () => void;
  /** A link was chosen: the layout moves focus to the new page's <main>, so the drawer must not take it back. */
  onNavigate: () => void;
  returnFocus: boolean;
}

/** The same links as the bar, a "Health Conditions" group and both buttons; choosing any item closes it. */
export function MobileDrawer({ open, onClose, onNavigate, returnFocus }: Props) {
  const conditionsHeadingId = useId();
  return (
    <AntdScope>
      <Drawer
        placement="right"
        size={300}
        open={open}
        onClose={onClose}
        title={texts.menu}
        focusable={{ focusTriggerAfterClose: returnFocus }}
      >
        <nav aria-label={texts.menu} className={styles.drawerNav}>
          <ul className={styles.drawerList}>
            <MainLinks onNavigate={onNavigate} />
          </ul>
          <h2 id={conditionsHeadingId} className={styles.drawerHeading}>
            {texts.healthConditions}
          </h2>
          <ul className={styles.drawerList} aria-labelledby={conditionsHeadingId}>
            {CONDITION_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={onNavigate}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={styles.drawerActions}>
            <NavActions onNavigate={onNavigate} />
          </div>
        </nav>
      </Drawer>
    </AntdScope>
  );
}
