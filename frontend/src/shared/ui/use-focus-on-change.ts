import { useEffect, useRef } from 'react';

/**
 * Moves focus to the element of the ref (a step's heading, tabIndex -1) whenever `key` changes after the first
 * render, so keyboard and screen-reader users start at the step that has just replaced the one they were on.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  // The last key handled, not a "first run" flag, which StrictMode's double effects would defeat.
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}
