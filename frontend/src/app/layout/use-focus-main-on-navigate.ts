import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, screen-reader and keyboard users would otherwise stay on the link they
 * pressed; moving focus to <main> starts them at the new page, as a full page load would.
 */
export function useFocusMainOnNavigate() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return ref;
}
