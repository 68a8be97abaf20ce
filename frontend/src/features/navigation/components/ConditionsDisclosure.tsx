import { DownOutlined } from '../../../shared/ui/icons/DownOutlined';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { NavLink } from '../../../shared/router/links';
import { useLocation } from '../../../shared/router/hooks';
import { CONDITION_LINKS } from '../nav-items';
import { texts } from '../texts';
import styles from './nav.module.css';

/**
 * The Conditions dropdown as a disclosure (button + list of links) rather than an ARIA menu: site
 * navigation is links, and a disclosure keeps plain Tab order and needs no arrow-key contract.
 */
export function ConditionsDisclosure() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onConditionPage = useLocation().pathname.startsWith('/conditions/');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // Tabbing past the last condition closes the list instead of leaving it hanging over the page.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div ref={containerRef} className={styles.disclosure} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={onConditionPage ? `${styles.link} ${styles.active}` : styles.link}
      >
        {texts.conditions} <DownOutlined aria-hidden className={styles.caret} />
      </button>
      <ul id={listId} hidden={!open} className={styles.dropdown}>
        {CONDITION_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              onClick={() => setOpen(false)}
              className={({ isActive }) => (isActive ? `${styles.dropdownLink} ${styles.active}` : styles.dropdownLink)}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
