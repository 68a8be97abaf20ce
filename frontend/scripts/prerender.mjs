// After `vite build` and `vite build --ssr`: writes each static page's HTML (dist/<path>/index.html, the home
// page as dist/index.html), so that the first paint needs no JavaScript; the app then hydrates it. Every other
// page the route table knows (/book, /checkout, …) gets the empty shell as its dist/<path>/index.html, and the
// not-found screen is prerendered as dist/404.html: the web server answers a path with its file, and any path
// without one with 404.html and the status 404. dist/routes.json lists the known paths. The empty shell also
// stays as dist/spa.html.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const frontend = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(frontend, 'dist');
const serverEntry = path.join(frontend, 'node_modules', '.prerender', 'entry-server.js');

// React's and antd's production code, as in the browser's bundle.
process.env.NODE_ENV = 'production';
const { pages, render, knownPaths, privatePaths, NOT_FOUND_SAMPLE, seedVideoList, PRERENDERED_VIDEOS_ID } =
  await import(pathToFileURL(serverEntry).href);
// The default video library, as GET /api/videos answers it on a fresh stack: /videos is rendered with it.
const seedVideos = seedVideoList(
  JSON.parse(readFileSync(path.join(frontend, '..', 'services', 'content', 'data', 'videos.json'), 'utf8')),
);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
writeFileSync(path.join(dist, 'spa.html'), shell);

const escape = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A chunk's file, its static imports' files and all their CSS, transitively. */
function assets(key, found = { js: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk || found.js.has(chunk.file)) return found;
  found.js.add(chunk.file);
  for (const css of chunk.css ?? []) found.css.add(css);
  for (const dep of chunk.imports ?? []) assets(dep, found);
  return found;
}
const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const inShell = assets(entryKey);

const generalDescription = shell.match(/<meta\s+name="description"\s+content="([^"]*)"/)?.[1];
if (!generalDescription || !shell.includes('<div id="root"></div>')) throw new Error('unexpected dist/index.html');

const boots = new Map();
/**
 * The module a prerendered page starts the app with (assets/boot-<hash>.js, one per screen): after the page's
 * first paint (a frame, then a task; at once in a tab that is not shown, where frames wait), it preloads the
 * app's and the screen's modules together and imports the app's entry. The entry's <script> and Vite's
 * modulepreload links would have fetched them before the paint. A button pressed before the app has started
 * is pressed again once it has (the page is usable from its first paint, not only once its code is in).
 */
function bootFor(screen, screenAssets) {
  if (boots.has(screen)) return boots.get(screen);
  const files = [...new Set([...inShell.js, ...screenAssets.js])].filter((file) => file !== manifest[entryKey].file);
  const code = `// Written by frontend/scripts/prerender.mjs for ${screen}.
const start = () => {
  document.head.append(
    ...${JSON.stringify(files.map((file) => `/${file}`))}.map((file) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      return link;
    }),
  );
  import('/${manifest[entryKey].file}');
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));

// A button pressed before the app has taken the page over would do nothing: the press is held, and made again
// once the app marks the page hydrated (app/layout/RootLayout.tsx). Links need no app: they are left alone.
const held = [];
const hold = (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled) return;
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(button)) held.push(button);
};
document.addEventListener('click', hold, true);
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.hydrated !== 'true') return;
  observer.disconnect();
  document.removeEventListener('click', hold, true);
  for (const button of held) if (button.isConnected) button.click();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
`;
  const file = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(path.join(dist, file), code);
  boots.set(screen, file);
  return file;
}

/** The page's whole document: the shell with its markup, head, antd styles and screen modules. */
async function prerender(page, screen, { fetches = [], videos } = {}) {
  const { html, styles: antdStyles, head } = await render(page, videos);
  if (!head) throw new Error(`${page} renders no DocumentTitle`);
  const screenAssets = assets(screen);
  if (!screenAssets.js.size) throw new Error(`${screen} is not in the build's manifest`);
  const styles = [...screenAssets.css]
    .filter((file) => !inShell.css.has(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  // As the app's fetcher asks (shared/api/base-query.ts: cookies included), so that it is given this answer.
  const preloads = fetches.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`);
  // The list the grid was rendered with, for the app to hydrate it (features/videos/prerendered.ts); `<`
  // escaped, so that no text in it can end the script.
  const data = videos
    ? [
        `<script type="application/json" id="${PRERENDERED_VIDEOS_ID}">${JSON.stringify(videos).replaceAll('<', '\\u003c')}</script>`,
      ]
    : [];
  const document = shell
    // The page is readable as it comes: the app's code, which makes it interactive, starts after the first
    // paint (bootFor), so that it competes neither with the stylesheet for the network nor with the paint for
    // the main thread.
    .replace(/\s*<script type="module" crossorigin src="[^"]*"><\/script>/, '')
    .replaceAll(/\s*<link rel="modulepreload" crossorigin href="[^"]*">/g, '')
    .replace(
      '</head>',
      () =>
        `  ${[...styles, ...preloads, ...data, `<script type="module" src="/${bootFor(screen, screenAssets)}"></script>`].join('\n    ')}\n  </head>`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(head.title)}</title>\n    ${antdStyles}`)
    .replace(
      /(<meta\s+name="description"\s+)content="[^"]*"/,
      (_, start) =>
        `${start}content="${head.description ? escape(head.description) : generalDescription}" data-general="${generalDescription}"`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  return document;
}

function write(page, html) {
  const file = path.join(dist, page, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
}

for (const { path: page, screen, fetches, videos } of pages) {
  write(page, await prerender(page, screen, { fetches, videos: videos ? seedVideos : undefined }));
  console.log(`prerendered ${page}`);
}

const known = knownPaths();
const prerendered = new Set(pages.map((page) => page.path));
const unknownPage = pages.find((page) => !known.includes(page.path));
if (unknownPage) throw new Error(`${unknownPage.path} is prerendered but not in the route table`);
for (const page of known.filter((page) => !prerendered.has(page))) {
  write(page, shell);
  console.log(`shell for ${page}`);
}
// The practice's console: pages for its staff, not the public's; no search engine is to keep them.
const noindex = shell.replace('</head>', '  <meta name="robots" content="noindex">\n  </head>');
for (const page of privatePaths()) {
  write(page, noindex);
  console.log(`noindex shell for ${page}`);
}
writeFileSync(path.join(dist, '404.html'), await prerender(NOT_FOUND_SAMPLE, 'src/app/routes/not-found.tsx'));
writeFileSync(path.join(dist, 'routes.json'), `${JSON.stringify(known, null, 2)}\n`);
console.log(`prerendered 404.html; ${known.length} known paths in routes.json`);
