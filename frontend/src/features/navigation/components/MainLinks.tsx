import { NavLink } from '../../../shared/router/links';
import { MAIN_LINKS } from '../nav-items';
import styles from './nav.module.css';

/** Home, Symptoms, Treatments, Videos as list items; NavLink marks the current one with aria-current="page". */
export function MainLinks({ onNavigate }: { onNavigate?: () => void }) {
  return MAIN_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink
        to={link.to}
        end={link.end}
        onClick={onNavigate}
        className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
      >
        {link.label}
      </NavLink>
    </li>
  ));
}
