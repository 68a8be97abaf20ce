import { randomUUID } from 'node:crypto';
import { Subjects, type Video } from '@hhp/proto';
import { signIngest } from '../../src/ingest/signature.js';
import {
  SECRET,
  eventsOn,
  eventually,
  postJson,
  postSigned,
  startContent,
  uniqueDb,
  type ContentService,
} from './harness.js';

let service: ContentService;
let url: string;

const videos = () => service.mongo.connection.db!.collection('videos');
const newVideo = (overrides: Record<string, unknown> = {}) => ({
  id: `ingest-${randomUUID().slice(0, 8)}`,
  title: 'Abhyanga: Ayurvedic Self-Massage with Warm Oil',
  description: 'Choosing an oil for your constitution and a ten-minute routine before the morning shower.',
  category: 'ayurveda',
  duration: '10:12',
  youtubeId: 'aBhY4nga0k1',
  ...overrides,
});
const listed = async (category: string): Promise<Video[]> =>
  (await fetch(`${service.url}/api/videos?category=${category}`)).json() as Promise<Video[]>;
const now = () => Math.floor(Date.now() / 1000);
/** A signed request as sent, to send again. */
const signed = (video: unknown, timestamp: number) => {
  const raw = JSON.stringify(video);
  return { raw, headers: { 'x-timestamp': String(timestamp), 'x-signature': signIngest(SECRET, timestamp, raw) } };
};

beforeAll(async () => {
  service = await startContent(uniqueDb('ingest'), { INGEST_MAX_SKEW_SECONDS: '300' });
  url = `${service.url}/api/videos/ingest`;
});

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await service.close();
});

describe('POST /api/videos/ingest', () => {
  test('when a new video is signed correctly, then it is stored, listed, answered with 201 and announced', async () => {
    const video = newVideo();
    const res = await postSigned(url, video);

    expect(res.status).toBe(201);
    const expected = { ...video, thumbnailUrl: '/video-placeholder.svg' };
    expect(await res.json()).toEqual(expected);
    expect((await listed('ayurveda')).find((v) => v.id === video.id)).toEqual(expected);
    const events = await eventually(
      'the event',
      async () => (await eventsOn(Subjects.videoUpserted)).filter((e) => e.data.id === video.id),
      (e) => e.length > 0,
    );
    expect(events.map((e) => e.data)).toEqual([{ id: video.id, category: 'ayurveda', created: true }]);
  }, 20_000);

  test('when a known video is sent again, then it is replaced, answered with 200 and announced as not created', async () => {
    const video = newVideo();
    await postSigned(url, video);
    const replacement = {
      id: video.id,
      title: 'Abhyanga, Revisited',
      category: 'nutrition',
      videoUrl: 'https://media.example.org/a.mp4',
    };
    const res = await postSigned(url, replacement);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...replacement, thumbnailUrl: '/video-placeholder.svg' });
    expect(await videos().countDocuments({ id: video.id })).toBe(1);
    expect((await listed('ayurveda')).some((v) => v.id === video.id)).toBe(false);
    const events = await eventually(
      'both events',
      async () => (await eventsOn(Subjects.videoUpserted)).filter((e) => e.data.id === video.id),
      (e) => e.length >= 2,
    );
    expect(events.map((e) => e.data.created)).toEqual([true, false]);
  }, 20_000);

  test.each([
    ['no signature headers', {}, /^Missing x-signature header$/],
    ['no timestamp', { 'x-signature': `sha256=${'0'.repeat(64)}` }, /^Missing x-timestamp header$/],
    ['a signature made with another secret', 'wrong-secret', /^Invalid signature$/],
    ['a malformed signature', { 'x-timestamp': 'now', 'x-signature': 'md5=abc' }, /must be/],
  ])('when the request has %s, then it is refused with 401 and nothing is stored', async (_what, headers, message) => {
    const video = newVideo();
    const raw = JSON.stringify(video);
    const sent =
      typeof headers === 'string'
        ? { 'x-timestamp': String(now()), 'x-signature': signIngest(headers, now(), raw) }
        : headers;
    const res = await postJson(url, raw, sent);

    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(await videos().countDocuments({ id: video.id })).toBe(0);
  });

  test('when the body was changed after signing, then it is refused with 401', async () => {
    const video = newVideo();
    const timestamp = now();
    const signature = signIngest(SECRET, timestamp, JSON.stringify(video));
    const res = await postJson(
      url,
      { ...video, title: 'Tampered' },
      { 'x-timestamp': String(timestamp), 'x-signature': signature },
    );

    expect(res.status).toBe(401);
    expect(await videos().countDocuments({ id: video.id })).toBe(0);
  });

  test.each([
    ['more than 300 s old', -301, /^Stale request: x-timestamp is more than 300 s old$/],
    ['more than 30 s ahead of the clock', 31, /^Request from the future: x-timestamp is more than 30 s ahead/],
    ['five minutes ahead (accepted before)', 300, /^Request from the future/],
  ])('when the timestamp is %s, then it is refused with 401', async (_what, offset, message) => {
    const video = newVideo();
    const res = await postSigned(url, video, { timestamp: now() + offset });

    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(await videos().countDocuments({ id: video.id })).toBe(0);
  });

  test('when the timestamp is a few seconds ahead (a sender clock running fast), then it is accepted', async () => {
    expect((await postSigned(url, newVideo(), { timestamp: now() + 20 })).status).toBe(201);
  });

  test('when a signed request is sent again within its window, then it is refused with 401 and the later edit stays', async () => {
    const video = newVideo();
    const first = signed(video, now() - 5);
    expect((await postJson(url, first.raw, first.headers)).status).toBe(201);
    const edit = { ...video, title: 'Abhyanga, Edited' };
    expect((await postSigned(url, edit)).status).toBe(200);

    const replay = await postJson(url, first.raw, first.headers);

    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toMatch(/^Replayed request/);
    expect(await videos().findOne({ id: video.id })).toMatchObject({ title: 'Abhyanga, Edited' });
  });

  test('when an older ingest than the stored one arrives (signed earlier, never sent), then it is refused with 409 and the newer edit stays', async () => {
    const video = newVideo();
    const older = signed({ ...video, title: 'Abhyanga, First Cut' }, now() - 60);
    expect((await postSigned(url, { ...video, title: 'Abhyanga, Final Cut' })).status).toBe(201);

    const late = await postJson(url, older.raw, older.headers);

    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/changed by a later ingest/);
    expect(await videos().findOne({ id: video.id })).toMatchObject({ title: 'Abhyanga, Final Cut' });
    const announced = (await eventsOn(Subjects.videoUpserted)).filter((e) => e.data.id === video.id);
    expect(announced.length).toBeLessThanOrEqual(1);
  });

  test('when two edits are signed in the same second, then the one that arrives last is stored', async () => {
    const video = newVideo();
    const second = now();
    for (const title of ['One', 'Two']) {
      const edit = signed({ ...video, title }, second);
      expect([200, 201]).toContain((await postJson(url, edit.raw, edit.headers)).status);
    }
    expect(await videos().findOne({ id: video.id })).toMatchObject({ title: 'Two' });
  });

  test('when a remembered signature has gone stale, then the next ingest forgets it', async () => {
    const replica = await startContent(service.config.MONGODB_DB);
    const seen = service.mongo.connection.db!.collection<{ _id: string; expiresAt: Date }>('ingest_signatures');
    try {
      await seen.insertOne({ _id: 'f'.repeat(64), expiresAt: new Date(Date.now() - 1000) });
      expect((await postSigned(`${replica.url}/api/videos/ingest`, newVideo())).status).toBe(201);
      await eventually(
        'the stale signature gone',
        () => seen.countDocuments({ _id: 'f'.repeat(64) }),
        (count) => count === 0,
        5000,
      );
      expect(await seen.countDocuments({ expiresAt: { $gt: new Date() } })).toBeGreaterThan(0);
    } finally {
      await replica.close();
    }
  });

  test('when two replicas receive the same signed request at once, then one stores it and the other refuses it as a replay', async () => {
    const replica = await startContent(service.config.MONGODB_DB);
    try {
      const video = newVideo();
      const request = signed(video, now());
      const answers = await Promise.all(
        [service, replica].map((s) => postJson(`${s.url}/api/videos/ingest`, request.raw, request.headers)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 401]);
      expect(await videos().countDocuments({ id: video.id })).toBe(1);
    } finally {
      await replica.close();
    }
  });

  test.each([
    ['an unknown category', { category: 'reiki' }, /^category: must be one of ayurveda/],
    ['a bad YouTube id', { youtubeId: 'short' }, /^youtubeId: .*11-character/],
    ['an unknown field', { views: 10 }, /^views: is not allowed$/],
    ['an operator as id', { id: { $gt: '' } }, /^id: must be a string$/],
  ])(
    'when a signed body has %s, then it is refused with 400 and nothing is stored',
    async (_what, overrides, message) => {
      const before = await videos().countDocuments();
      const res = await postSigned(url, newVideo(overrides));

      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect(await videos().countDocuments()).toBe(before);
    },
  );
});
