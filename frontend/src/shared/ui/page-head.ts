import { createContext } from 'react';

export interface PageHead {
  title: string;
  description?: string;
}

/**
 * Set only while the build prerenders a page (src/prerender/): effects do not run there, so DocumentTitle
 * reports the page's title and description through this instead, for the HTML's <title> and <meta>.
 */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);
