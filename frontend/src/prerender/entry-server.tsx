// The build's server entry (vite build --ssr): renders one static page to HTML, with the antd styles it
// used, for scripts/prerender.mjs. Never part of the browser bundle.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { CONDITION_SLUGS, CONDITIONS } from '@hhp/proto/catalogue/conditions';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pathsOf } from '../app/known-paths';
import { AppProviders } from '../app/providers';
import { practiceRoutes, routes } from '../app/routes';
import { staticRouter, StaticRouter } from '../shared/router/StaticRouter';
import { PageHeadContext, type PageHead } from '../shared/ui/page-head';

/**
 * The pages whose content needs no request and no visitor state, with the screen module each one shows, and
 * the API requests the screen makes as soon as it starts (preloaded with the document: /videos shows its
 * grid, and its largest paint, only once the list is in).
 */
export const pages: { path: string; screen: string; fetches?: string[] }[] = [
  { path: '/', screen: 'src/app/routes/home.tsx' },
  { path: '/symptoms', screen: 'src/app/routes/symptoms.tsx' },
  { path: '/treatments', screen: 'src/app/routes/treatments.tsx' },
  { path: '/videos', screen: 'src/app/routes/videos.tsx', fetches: ['/api/videos'] },
  // The header and the query bar; the form itself renders in the browser (routes/book.tsx).
  { path: '/book', screen: 'src/app/routes/book.tsx' },
  { path: '/book-session', screen: 'src/app/routes/book.tsx' },
  ...CONDITIONS.map((condition) => ({ path: condition.path, screen: 'src/app/routes/condition.tsx' })),
];

/**
 * Every path the app answers with a screen of its own (see app/known-paths.ts): the prerendered pages and
 * those the browser renders (/book, /checkout, …). scripts/prerender.mjs gives each one a file.
 */
export const knownPaths = (): string[] =>
  pathsOf(
    routes.filter((route) => !practiceRoutes.includes(route)),
    { 'conditions/:slug': CONDITION_SLUGS },
  );

/** The practice's console's pages: a file each (the empty shell, marked noindex), but not in routes.json. */
export const privatePaths = (): string[] => pathsOf(practiceRoutes, {});

/** A path that no route knows: the not-found screen, written as 404.html. */
export const NOT_FOUND_SAMPLE = '/404';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** antd's <style> elements for the components on the page. */
  styles: string;
  head: PageHead | undefined;
}

export async function render(path: string): Promise<RenderedPage> {
  const router = await staticRouter(routes, path);
  const cache = createCache();
  let head: PageHead | undefined;
  // The same tree as main.tsx, so that hydration finds what it renders.
  const html = renderToString(
    <StrictMode>
      <StyleProvider cache={cache}>
        <PageHeadContext value={(value) => (head = value)}>
          <AppProviders>
            <StaticRouter router={router} />
          </AppProviders>
        </PageHeadContext>
      </StyleProvider>
    </StrictMode>,
  );
  return { html, styles: extractStyle(cache), head };
}
