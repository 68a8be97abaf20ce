// After `vite build` and `vite build --ssr`: writes each static page's HTML (dist/<path>/index.html, the home
// page as dist/index.html), so that the first paint needs no JavaScript; the app then hydrates it. The empty
// shell stays as dist/spa.html, which nginx serves for every other path.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const frontend = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(frontend, 'dist');
const serverEntry = path.join(frontend, 'node_modules', '.prerender', 'entry-server.js');

// React's and antd's production code, as in the browser's bundle.
process.env.NODE_ENV = 'production';
const { pages, render } = await import(pathToFileURL(serverEntry).href);
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

for (const { path: page, screen } of pages) {
  const { html, styles: antdStyles, head } = await render(page);
  if (!head) throw new Error(`${page} renders no DocumentTitle`);
  const screenAssets = assets(screen);
  if (!screenAssets.js.size) throw new Error(`${screen} is not in the build's manifest`);
  // The screen's styles and modules start with the document: the app then finds them already loaded.
  const preload = [
    ...[...screenAssets.css]
      .filter((file) => !inShell.css.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...screenAssets.js]
      .filter((file) => !inShell.js.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const document = shell
    .replace('</head>', () => `  ${preload.join('\n    ')}\n  </head>`)
    // The page is readable as it comes: the app's code (it makes the page interactive) must not compete
    // with the stylesheets for the first paint.
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(head.title)}</title>\n    ${antdStyles}`)
    .replace(
      /(<meta\s+name="description"\s+)content="[^"]*"/,
      (_, start) =>
        `${start}content="${head.description ? escape(head.description) : generalDescription}" data-general="${generalDescription}"`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  const file = path.join(dist, page, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, document);
  console.log(`prerendered ${page}`);
}
