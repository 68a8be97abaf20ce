// Initial JavaScript of the home route and of every lazy route, gzip-compressed, from Vite's manifest.
// Usage: npm run build -w @hhp/frontend && node scripts/bench/bundle-size.mjs [--max-home-kb 250]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const maxHomeKb = Number(process.argv[process.argv.indexOf('--max-home-kb') + 1]) || Infinity;

const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
};

/** The chunk's file and every chunk it imports statically, transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  if (chunk.file.endsWith('.js')) seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const sum = (files) => [...files].reduce((kb, file) => kb + gzipKb(file), 0);

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const initial = closure(entryKey);
const rows = [['entry (shell, router, store, layout)', sum(initial)]];
let homeKb = sum(initial);
for (const key of manifest[entryKey].dynamicImports ?? []) {
  const extra = [...closure(key)].filter((file) => !initial.has(file));
  const kb = sum(extra);
  const name = manifest[key].src ?? key;
  rows.push([`+ ${name}`, kb]);
  if (/home/i.test(name)) homeKb += kb;
}
for (const [name, kb] of rows) console.log(`${kb.toFixed(1).padStart(8)} KB  ${name}`);
console.log(
  `${homeKb.toFixed(1).padStart(8)} KB  home route initial JS (entry + home chunk), gzip -9 (${Math.round(homeKb * 1024)} bytes)`,
);
if (homeKb > maxHomeKb) {
  console.error(`home route initial JS ${homeKb.toFixed(1)} KB exceeds ${maxHomeKb} KB`);
  process.exit(1);
}
