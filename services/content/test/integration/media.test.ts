// The default library's files, as scripts/bootstrap.sh makes them (scripts/make-videos.mjs into .media/):
// each seed video must play, with sound, for as long as its card says, and have captions and a poster.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readSeedVideos } from '../../src/videos/seed.js';

const run = promisify(execFile);
const mediaRoot = fileURLToPath(new URL('../../../../.media/', import.meta.url));
const seed = readSeedVideos();

/** `/media/videos/x.mp4` -> the file nginx serves for it. */
const fileOf = (url: string | undefined): string => {
  expect(url).toMatch(/^\/media\/videos\/[a-z0-9-]+\.(mp4|vtt|jpg)$/);
  const file = `${mediaRoot}${url!.slice('/media/'.length)}`;
  if (!existsSync(file))
    throw new Error(`${file} is missing: run \`node scripts/make-videos.mjs\` (the bootstrap does)`);
  return file;
};

const seconds = (text: string): number => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
const cueTimes = (vtt: string): number[][] =>
  [...vtt.matchAll(/^(\d\d):(\d\d):(\d\d\.\d{3}) --> (\d\d):(\d\d):(\d\d\.\d{3})$/gm)].map((m) => [
    Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6]),
  ]);

interface Probe {
  streams: { codec_type: string; codec_name: string; profile?: string; width?: number; height?: number }[];
  format: { duration: string; format_name: string };
}

describe('the default library files (.media/videos)', () => {
  test.each(seed.map((video) => [video.id, video] as const))(
    'when %s is probed, then it is H.264 video with AAC sound lasting what its card says, with captions within it and a poster',
    async (_id, video) => {
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format'],
        fileOf(video.videoUrl),
      ]);
      const probe = JSON.parse(stdout) as Probe;
      const duration = Number(probe.format.duration);

      expect(probe.format.format_name).toContain('mp4');
      expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        profile: 'Constrained Baseline',
        width: 640,
        height: 360,
      });
      expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      expect(duration).toBeGreaterThan(15);
      // The card's m:ss, rounded; a second either way for another espeak-ng build's timing.
      expect(Math.abs(duration - seconds(video.duration!))).toBeLessThanOrEqual(1.5);

      const vtt = readFileSync(fileOf(video.captionsUrl), 'utf8');
      expect(vtt.startsWith('WEBVTT\n')).toBe(true);
      const cues = cueTimes(vtt);
      expect(cues.length).toBeGreaterThanOrEqual(4);
      for (const [start, end] of cues) expect(start! < end! && end! <= duration).toBe(true);
      expect(vtt).toContain(video.title.replaceAll('&', '&amp;').split(' ')[0]);

      const poster = readFileSync(fileOf(video.thumbnailUrl));
      expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // JPEG
      expect(statSync(fileOf(video.videoUrl)).size).toBeLessThan(2_000_000);
    },
  );
});
