// The portal's reads under load: the video list (GET /api/videos, all and by category), the catalogue's
// pages (the prerendered condition and treatment pages nginx serves) and the start of a video (a byte
// range of /media/videos/, as a player seeks). The run fails on any answer that is not the right status
// and shape (a list of videos with their files; an HTML page with its title; 206 with the asked bytes),
// and on any 5xx; P99_MS (unset: no bound) adds a latency bound.
//   k6 run -e BASE_URL=http://localhost:8080 -e PROFILE=smoke|load|stress|soak infra/k6/content.js
// Rates are requests per second. Nothing here is limited per address.
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, iterationNumber, kitOptions, rampTo, tally } from './lib/profile.js';
import { summaryHandler } from './lib/summary.js';

const PAGES = [
  '/',
  '/treatments',
  '/videos',
  '/symptoms',
  '/conditions/insomnia',
  '/conditions/constipation-anxiety',
  '/conditions/acid-reflux',
  '/conditions/rashes',
  '/conditions/irritability',
  '/conditions/nervous-overeating',
  '/conditions/weight-gain',
  '/conditions/lethargy-depression',
];
const CATEGORIES = ['ayurveda', 'chiropractic', 'nutrition'];

const { count, thresholds } = tally({ never: ['wrong_answers', 'server_errors'] });

export const options = kitOptions(
  'reads',
  {
    smoke: { iterations: 20, vus: 1 },
    load: { rate: 50, vus: 20, maxVus: 100 },
    stress: { stages: rampTo(10, 300), vus: 50, maxVus: 400 },
    soak: { rate: 20, vus: 10, maxVus: 60 },
  },
  {
    ...thresholds,
    ...(__ENV.P99_MS ? { http_req_duration: [`p(99)<${Number(__ENV.P99_MS)}`] } : {}),
  },
);

/** The library's files, read once: the reads below ask for their first bytes. */
export function setup() {
  const res = http.get(`${BASE_URL}/api/videos`);
  if (res.status !== 200) fail(`GET /api/videos answered ${res.status}`);
  const videos = res.json().filter((v) => typeof v.videoUrl === 'string' && v.videoUrl.startsWith('/media/'));
  return { files: videos.map((v) => v.videoUrl) };
}

function judge(res, name, right) {
  if (res.status >= 500 || res.status === 0) count.server_errors.add(1);
  if (!check(res, { [name]: right })) count.wrong_answers.add(1, { name });
}

export default function ({ files }) {
  const n = iterationNumber();
  const kind = n % 10;
  if (kind < 4) {
    const category = kind === 3 ? CATEGORIES[n % CATEGORIES.length] : undefined;
    const res = http.get(`${BASE_URL}/api/videos${category ? `?category=${category}` : ''}`, {
      headers: { 'Accept-Encoding': 'gzip' },
      tags: { name: '/api/videos' },
    });
    judge(res, 'the video list', (r) => {
      if (r.status !== 200) return false;
      const list = r.json();
      return (
        Array.isArray(list) &&
        list.every(
          (v) => typeof v.id === 'string' && typeof v.title === 'string' && (!category || v.category === category),
        )
      );
    });
  } else if (kind < 8 || files.length === 0) {
    const page = PAGES[n % PAGES.length];
    const res = http.get(`${BASE_URL}${page}`, { tags: { name: 'page' } });
    judge(
      res,
      'a catalogue page',
      (r) =>
        r.status === 200 &&
        String(r.headers['Content-Type']).startsWith('text/html') &&
        /<title>[^<]+<\/title>/.test(String(r.body)),
    );
  } else {
    const file = files[n % files.length];
    const res = http.get(`${BASE_URL}${file}`, {
      headers: { Range: 'bytes=0-65535' },
      responseType: 'binary',
      tags: { name: 'video range' },
    });
    judge(
      res,
      'the first bytes of a video',
      (r) =>
        r.status === 206 &&
        r.body.byteLength === 65536 &&
        /^bytes 0-65535\/\d+$/.test(String(r.headers['Content-Range'])),
    );
  }
}

export const handleSummary = summaryHandler('content');
