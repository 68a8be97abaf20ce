import { use, useLayoutEffect, useRef } from 'react';
import { RouterContext } from './context';

/**
 * After a navigation: back or forward puts the page where it was left, a link to a hash scrolls to that
 * element, any other link starts the new page at its top. The browser's own restoration is turned off while
 * this is shown (it would restore before the page below has rendered).
 */
export function ScrollRestoration() {
  const router = use(RouterContext);
  if (!router) throw new Error('ScrollRestoration is used outside the router');
  const { location, restoreScrollPosition } = router;
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const auto = () => (window.history.scrollRestoration = 'auto');
    window.addEventListener('pagehide', auto);
    return () => {
      window.removeEventListener('pagehide', auto);
      auto();
    };
  }, []);
  const firstKey = useRef(location.key);
  useLayoutEffect(() => {
    if (restoreScrollPosition !== null) {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    if (location.hash) {
      const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (element) {
        element.scrollIntoView();
        return;
      }
    }
    // The page the browser opened is where the browser put it (the visitor may have scrolled already).
    if (location.key !== firstKey.current) window.scrollTo(0, 0);
  }, [location, restoreScrollPosition]);
  return null;
}
