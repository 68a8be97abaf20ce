// Makes the default video library playable with no network: for every seed video served from
// /media/videos/ (services/content/data/videos.json), a short narrated video of the portal's own text
// (scripts/media/library.mjs), with WebVTT captions and a poster, in .media/videos/ (git-ignored; nginx
// serves it at /media/). Needs Debian's ffmpeg, espeak-ng and fonts-dejavu-core (the bootstrap installs them).
//
// Run by scripts/bootstrap.sh. A stamp of every input (the seed, the catalogue files, these scripts) makes
// a second run return at once; when something changed, only the videos whose script changed are made
// again. Usage: node scripts/make-videos.mjs [--force] [--out <dir>]
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_FILES, DISCLAIMER, videoScripts } from './media/library.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SEED = path.join(root, 'services/content/data/videos.json');
const GENERATOR = ['scripts/make-videos.mjs', 'scripts/media/library.mjs', 'scripts/media/render.mjs'];
const MEDIA_PREFIX = '/media/videos/';

const args = process.argv.slice(2);
const force = args.includes('--force');
const outAt = args.indexOf('--out');
const mediaRoot = path.resolve(outAt >= 0 ? args[outAt + 1] : path.join(root, '.media'));
const outDir = path.join(mediaRoot, 'videos');
const manifestFile = path.join(outDir, 'manifest.json');

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};
const readJson = (file, fallback) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
};
const outputs = (id) => ['mp4', 'vtt', 'jpg'].map((ext) => path.join(outDir, `${id}.${ext}`));
const durationText = (s) => `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, '0')}`;

const seed = JSON.parse(readFileSync(SEED, 'utf8'));
const local = seed.filter((video) => video.videoUrl?.startsWith(MEDIA_PREFIX));
for (const video of local) {
  if (video.videoUrl !== `${MEDIA_PREFIX}${video.id}.mp4`) {
    throw new Error(`${video.id}: videoUrl must be ${MEDIA_PREFIX}${video.id}.mp4, not ${video.videoUrl}`);
  }
}

const inputs = sha256(
  ...[...GENERATOR, ...CATALOGUE_FILES].map((file) => readFileSync(path.join(root, file))),
  readFileSync(SEED),
);
const manifest = readJson(manifestFile, { inputs: '', videos: {} });
if (
  !force &&
  manifest.inputs === inputs &&
  local.every((video) => outputs(video.id).every((file) => existsSync(file)))
) {
  process.exit(0);
}

const started = Date.now();
const { renderVideo } = await import('./media/render.mjs');
const renderSource = readFileSync(path.join(root, 'scripts/media/render.mjs'));
const scripts = (await videoScripts(local)).map((script) => ({ ...script, disclaimer: DISCLAIMER }));

mkdirSync(outDir, { recursive: true });
// Work folders of a run that was killed.
for (const name of readdirSync(mediaRoot)) {
  if (name.startsWith('.work-')) rmSync(path.join(mediaRoot, name), { recursive: true, force: true });
}
const workRoot = mkdtempSync(path.join(mediaRoot, '.work-'));
const next = { inputs, videos: {} };
let made = 0;
try {
  const todo = [];
  for (const script of scripts) {
    const hash = sha256(JSON.stringify(script), renderSource);
    const known = manifest.videos?.[script.id];
    if (!force && known?.hash === hash && outputs(script.id).every((file) => existsSync(file))) {
      next.videos[script.id] = known;
    } else {
      todo.push({ script, hash });
    }
  }
  // Two at a time: espeak-ng, the poster and the muxing are single-threaded, x264 on a still is light.
  const make = async ({ script, hash }) => {
    const workDir = mkdtempSync(path.join(workRoot, `${script.id}-`));
    const t0 = Date.now();
    const { seconds, files } = await renderVideo(script, { workDir, outDir });
    for (const file of files) renameSync(`${file}.part`, file);
    const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
    next.videos[script.id] = { hash, seconds: Number(seconds.toFixed(3)), bytes };
    made++;
    console.log(
      `[media] ${script.id}: ${durationText(seconds)}, ${(bytes / 1024).toFixed(0)} kB in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  };
  const worker = async () => {
    for (let job = todo.shift(); job; job = todo.shift()) await make(job);
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
} finally {
  rmSync(workRoot, { recursive: true, force: true });
}

// Files of videos that are no longer in the seed go; the manifest is written last, so an interrupted run
// starts again next time.
const keep = new Set([...local.flatMap((video) => outputs(video.id)), manifestFile]);
for (const name of readdirSync(outDir)) {
  const file = path.join(outDir, name);
  if (!keep.has(file)) rmSync(file, { recursive: true, force: true });
}
writeFileSync(manifestFile, `${JSON.stringify(next, null, 2)}\n`);

const total = Object.values(next.videos).reduce((sum, v) => sum + v.bytes, 0);
console.log(
  `[media] ${made} of ${local.length} videos made in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `${(total / 1024 / 1024).toFixed(1)} MB in ${path.relative(root, outDir) || outDir}`,
);
for (const video of local) {
  const actual = durationText(next.videos[video.id].seconds);
  if (video.duration !== actual) {
    console.warn(`[media] ${video.id}: videos.json says ${video.duration ?? 'nothing'}, the file lasts ${actual}`);
  }
}
