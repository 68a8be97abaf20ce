import { useContext, useEffect } from 'react';
import { SITE_NAME } from '../config/site';
import { PageHeadContext } from './page-head';

/**
 * Sets document.title for the screen, and its meta description when it has its own. (React 19's hoisted
 * <title> would add a second <title> next to index.html's, and the browser keeps reading the first one.)
 */
export function DocumentTitle({ title, description }: { title: string; description?: string }) {
  const fullTitle = `${title} | ${SITE_NAME}`;
  useContext(PageHeadContext)?.({ title: fullTitle, description });

  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);

  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    // Other screens keep index.html's general description: put it back when this screen goes. (A prerendered
    // page's HTML already carries its own: that one is not the general description, which the shell keeps.)
    const previous = meta.dataset.general ?? meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
  return null;
}
