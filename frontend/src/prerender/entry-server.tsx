// The build's server entry (vite build --ssr): renders one static page to HTML, with the antd styles it
// used, for scripts/prerender.mjs. Never part of the browser bundle.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ListVideosResponse, Video } from '@hhp/proto';
import { CONDITION_SLUGS, CONDITIONS } from '@hhp/proto/catalogue/conditions';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pathsOf } from '../app/known-paths';
import { AppProviders } from '../app/providers';
import { practiceRoutes, routes } from '../app/routes';
import { PLACEHOLDER_THUMBNAIL } from '../features/videos/categories';
import { PrerenderedVideosContext } from '../features/videos/prerendered';
import { staticRouter, StaticRouter } from '../shared/router/StaticRouter';
import { PageHeadContext, type PageHead } from '../shared/ui/page-head';

export { PRERENDERED_VIDEOS_ID } from '../features/videos/prerendered';

export interface Page {
  path: string;
  /** The screen module it shows. */
  screen: string;
  /** API requests the screen makes as soon as it starts, preloaded with the document. */
  fetches?: string[];
  /**
   * Rendered with the default video library (the content service's seed) as GET /api/videos' answer, which
   * the document carries for the app to hydrate from (features/videos/prerendered.ts).
   */
  videos?: true;
}

/** The pages whose content needs no visitor state (and no request but the default video library). */
export const pages: Page[] = [
  { path: '/', screen: 'src/app/routes/home.tsx' },
  { path: '/symptoms', screen: 'src/app/routes/symptoms.tsx' },
  { path: '/treatments', screen: 'src/app/routes/treatments.tsx' },
  // The grid and its largest paint, the first card's poster, are in the page; the live list replaces it.
  { path: '/videos', screen: 'src/app/routes/videos.tsx', fetches: ['/api/videos'], videos: true },
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

/** A video of services/content/data/videos.json: the public fields, and when it was published. */
type SeedVideo = Omit<Video, 'thumbnailUrl'> & { thumbnailUrl?: string; publishedAt: string };

/**
 * GET /api/videos' answer when the content service holds its seed and nothing else: newest first, then by
 * title and id (services/content/src/videos/videos.router.ts), the public fields, and the placeholder for a
 * missing thumbnail (toVideo in video.model.ts). e2e/videos-prerender.spec.ts compares it with the service's.
 */
export function seedVideoList(seed: readonly SeedVideo[]): ListVideosResponse {
  const order = (a: SeedVideo, b: SeedVideo) =>
    Date.parse(b.publishedAt) - Date.parse(a.publishedAt) ||
    (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...seed].sort(order).map(({ publishedAt: _, thumbnailUrl, ...video }) => ({
    ...video,
    thumbnailUrl: thumbnailUrl ?? PLACEHOLDER_THUMBNAIL,
  }));
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** antd's <style> elements for the components on the page. */
  styles: string;
  head: PageHead | undefined;
}

/** The page at `path`; `videos` is the video library's list when the page shows it (`Page.videos`). */
export async function render(path: string, videos?: ListVideosResponse): Promise<RenderedPage> {
  const router = await staticRouter(routes, path);
  const cache = createCache();
  let head: PageHead | undefined;
  // The same tree as main.tsx, so that hydration finds what it renders.
  const html = renderToString(
    <StrictMode>
      <StyleProvider cache={cache}>
        <PageHeadContext value={(value) => (head = value)}>
          <PrerenderedVideosContext value={videos}>
            <AppProviders>
              <StaticRouter router={router} />
            </AppProviders>
          </PrerenderedVideosContext>
        </PageHeadContext>
      </StyleProvider>
    </StrictMode>,
  );
  return { html, styles: extractStyle(cache), head };
}
