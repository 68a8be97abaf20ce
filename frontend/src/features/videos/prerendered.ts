import type { ListVideosResponse } from '@hhp/proto';
import { createContext, use, useEffect, useState } from 'react';

/**
 * /videos is prerendered with the default library (the content service's seed) as its grid, so that the page's
 * largest paint, the first card's poster, needs neither the app's code nor GET /api/videos. The build writes
 * the list it rendered into the document as JSON under this id (frontend/scripts/prerender.mjs); the app
 * hydrates the grid from it and shows the live answer once it is in.
 */
export const PRERENDERED_VIDEOS_ID = 'prerendered-videos';

/** The list the build renders the page with (src/prerender/entry-server.tsx provides it). */
export const PrerenderedVideosContext = createContext<ListVideosResponse | undefined>(undefined);

/** The list the build wrote into the document (the element's text), or none when there is none or it is not a list. */
export function prerenderedList(json: string | null | undefined): ListVideosResponse | undefined {
  if (!json) return undefined;
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? (list as ListVideosResponse) : undefined;
  } catch {
    return undefined;
  }
}

function fromDocument(): ListVideosResponse | undefined {
  if (typeof document === 'undefined') return undefined;
  return prerenderedList(document.getElementById(PRERENDERED_VIDEOS_ID)?.textContent);
}

/**
 * The prerendered list, for the library's first renders, the first of which hydrates the build's markup (the
 * build's list while prerendering, the document's in the browser), until the first answer or error is in. The
 * document forgets it once read, so that the library opened again later (from another page) waits for the live
 * answer instead of showing the seed.
 */
export function usePrerenderedVideos(answered: boolean): ListVideosResponse | undefined {
  const fromBuild = use(PrerenderedVideosContext);
  const [list, setList] = useState(() => fromBuild ?? fromDocument());
  if (answered && list) setList(undefined);
  useEffect(() => {
    document.getElementById(PRERENDERED_VIDEOS_ID)?.remove();
  }, []);
  return answered ? undefined : list;
}
