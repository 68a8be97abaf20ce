import { useEffect } from 'react';
import { SITE_NAME } from '../config/site';

/**
 * Sets document.title for the screen. (React 19's hoisted <title> would add a second <title> next to
 * index.html's, and the browser keeps reading the first one.)
 */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
  return null;
}
