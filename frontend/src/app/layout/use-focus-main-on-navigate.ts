import { useEffect, useRef } from 'react';
import { useLocation } from '../../shared/router/hooks';

/**
 * After a client-side navigation, screen-reader and keyboard users would otherwise stay on the link they
 * pressed; moving focus to <main> starts them at the new page, as a full page load would.
 */
export function useFocusMainOnNavigate() {
  const ref = useRef<HTMLElement>(null);
  // The key, not the pathname: choosing the link of the page already shown is a navigation too (and closes
  // the phone drawer), so focus must land somewhere meaningful then as well.
  const { key } = useLocation();
  // The first page keeps the browser's own starting point; only later navigations move focus. (Compared
  // with the last key rather than a "first run" flag, which StrictMode's double effects would defeat.)
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    ref.current?.focus({ preventScroll: true });
  }, [key]);
  return ref;
}
