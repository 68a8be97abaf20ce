import { useEffect } from 'react';
import { SITE_NAME } from '../config/site';

/**
 * Sets document.title for the screen, and its meta description when it has its own. (React 19's hoisted
 * <title> would add a second <title> next to index.html's, and the browser keeps reading the first one.)
 */
export function DocumentTitle({ title, description }: { title: string; description?: string }) {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);

  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    // Other screens keep index.html's general description: put it back when this screen goes.
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
  return null;
}
