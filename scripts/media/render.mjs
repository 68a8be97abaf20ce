// Turns one video's script into <id>.mp4 (H.264 baseline + AAC, +faststart, 640x360), <id>.vtt (captions
// timed to the narration) and <id>.jpg (the poster): espeak-ng speaks each slide's text into its own WAV,
// whose length sets how long that slide stays up; ffmpeg draws the slides (colour source + drawtext) over
// the joined narration.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const WIDTH = 640;
export const HEIGHT = 360;
const FPS = 15;
const VOICE = ['-v', 'en-us', '-s', '160'];
const LEAD_IN = 0.4; // seconds of quiet before the first words
const GAP = 0.7; // seconds between one slide's words and the next slide
export const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FONT = `${FONT_DIR}/DejaVuSans.ttf`;
const FONT_BOLD = `${FONT_DIR}/DejaVuSans-Bold.ttf`;

/** The PCM samples of a WAV file (espeak-ng writes 16-bit mono) and its sample rate. */
function readWav(file) {
  const wav = readFileSync(file);
  const rate = wav.readUInt32LE(24);
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'data') return { rate, pcm: wav.subarray(at + 8, Math.min(at + 8 + size, wav.length)) };
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

function wavFile(rate, pcm) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Greedy word wrap; DejaVu Sans averages a little over half its size per character. */
function wrap(text, fontSize, width = WIDTH - 80) {
  const perLine = Math.floor(width / (fontSize * 0.56));
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

const seconds = (s) => s.toFixed(3);

function vttTime(s) {
  const ms = Math.round(s * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
}

/**
 * Renders the script into `outDir` (work files in `workDir`). Resolves with the video's length in seconds.
 * Slides: the title, each key point (numbered), the disclaimer.
 */
export async function renderVideo(script, { workDir, outDir }) {
  const slides = [
    { kind: 'title', text: script.title, say: script.title },
    ...script.points.map((point, i) => ({ kind: 'point', text: point, say: point, n: i + 1 })),
    { kind: 'closing', text: script.disclaimer, say: script.disclaimer },
  ];

  // Narration: one WAV per slide, measured, then joined with the pauses into one track.
  const spoken = [];
  for (const [i, slide] of slides.entries()) {
    const file = path.join(workDir, `say-${i}.wav`);
    await run('espeak-ng', [...VOICE, '-w', file, slide.say]);
    spoken.push(readWav(file));
  }
  const rate = spoken[0].rate;
  const silence = (s) => Buffer.alloc(Math.round(s * rate) * 2);
  const parts = [silence(LEAD_IN)];
  const cues = [];
  let t = 0;
  for (const [i, { pcm }] of spoken.entries()) {
    const start = t;
    const words = pcm.length / 2 / rate;
    const lead = i === 0 ? LEAD_IN : 0;
    const end = start + lead + words + GAP;
    cues.push({ start, speechStart: start + lead, speechEnd: start + lead + words, end });
    parts.push(pcm, silence(GAP));
    t = end;
  }
  const total = t;
  const narration = path.join(workDir, 'narration.wav');
  writeFileSync(narration, wavFile(rate, Buffer.concat(parts)));

  // Slides: one drawtext per text block, each shown while its slide is up.
  const draw = [];
  const text = (name, content) => {
    const file = path.join(workDir, `${name}.txt`);
    writeFileSync(file, content);
    return file;
  };
  const common = 'fontcolor=white:expansion=none:line_spacing=10';
  draw.push(
    `drawtext=fontfile=${FONT_BOLD}:textfile=${text('label', script.label.toUpperCase())}:${common}:fontsize=16:x=40:y=28`,
  );
  draw.push(`drawbox=x=40:y=54:w=48:h=3:color=white@0.8:t=fill`);
  for (const [i, slide] of slides.entries()) {
    const { start, end } = cues[i];
    const on = `enable='between(t,${seconds(start)},${seconds(end)})'`;
    if (slide.kind === 'title') {
      draw.push(
        `drawtext=fontfile=${FONT_BOLD}:textfile=${text(`s${i}`, wrap(slide.text, 36))}:${common}:fontsize=36:x=40:y=(h-text_h)/2:${on}`,
      );
      draw.push(
        `drawtext=fontfile=${FONT}:textfile=${text(`s${i}b`, 'Holistic Health Portal · video library')}:${common}:fontsize=16:x=40:y=h-48:${on}`,
      );
    } else {
      const size = slide.kind === 'closing' ? 24 : 28;
      draw.push(
        `drawtext=fontfile=${FONT}:textfile=${text(`s${i}`, wrap(slide.text, size))}:${common}:fontsize=${size}:x=40:y=(h-text_h)/2+10:${on}`,
      );
      const footer = slide.kind === 'closing' ? script.title : `${slide.n} / ${script.points.length}   ${script.title}`;
      draw.push(
        `drawtext=fontfile=${FONT}:textfile=${text(`s${i}b`, footer)}:fontcolor=white@0.85:expansion=none:fontsize=14:x=40:y=h-44:${on}`,
      );
    }
  }
  const filter = path.join(workDir, 'filter.txt');
  writeFileSync(filter, `[0:v]${draw.join(',\n')},format=yuv420p[v]`);

  const mp4 = path.join(outDir, `${script.id}.mp4`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=${script.colour}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${seconds(total)}`],
    ...['-i', narration],
    ...['-filter_complex_script', filter, '-map', '[v]', '-map', '1:a'],
    ...['-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-preset', 'veryfast', '-tune', 'stillimage'],
    ...['-crf', '26', '-g', String(FPS * 2), '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-ar', '44100', '-ac', '1'],
    ...['-movflags', '+faststart', '-shortest', '-f', 'mp4', `${mp4}.part`],
  ]);

  // The poster: the title slide, a second in.
  const jpg = path.join(outDir, `${script.id}.jpg`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', '1', '-i', `${mp4}.part`],
    ...['-frames:v', '1', '-q:v', '4', '-f', 'image2', `${jpg}.part`],
  ]);

  const vtt = ['WEBVTT', ''];
  for (const [i, slide] of slides.entries()) {
    const cue = wrap(slide.say, 20, 470).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    vtt.push(`${i + 1}`, `${vttTime(cues[i].speechStart)} --> ${vttTime(cues[i].speechEnd)}`, cue, '');
  }
  writeFileSync(path.join(outDir, `${script.id}.vtt.part`), vtt.join('\n'));
  return { seconds: total, files: [mp4, jpg, path.join(outDir, `${script.id}.vtt`)] };
}
