import { MenuOutlined } from '../../../shared/ui/icons/MenuOutlined';
import { lazy, Suspense, useState } from 'react';
import { texts } from '../texts';
import styles from './nav.module.css';

// The drawer's code loads on first use (or when the pointer or focus reaches the button), keeping antd's
// Drawer out of the first download on wide screens, which never show it.
const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazy(async () => ({ default: (await loadDrawer()).MobileDrawer }));

/** Small screens: a menu button that opens the right-side drawer. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [returnFocus, setReturnFocus] = useState(true);
  const preload = () => void loadDrawer();

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-label={texts.openMenu}
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setReturnFocus(true);
          setOpen(true);
        }}
      >
        <MenuOutlined aria-hidden />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileDrawer
            open={open}
            returnFocus={returnFocus}
            onClose={() => setOpen(false)}
            onNavigate={() => {
              setReturnFocus(false);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
