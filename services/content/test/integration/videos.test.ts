import { PLACEHOLDER_THUMBNAIL_URL, VIDEO_CATEGORIES, type Video } from '@hhp/proto';
import { readSeedVideos, RETIRED_SEED_VIDEOS } from '../../src/videos/seed.js';
import { postSigned, startContent, uniqueDb, type ContentService } from './harness.js';

let service: ContentService;
const seed = readSeedVideos();

const list = async (query = ''): Promise<{ status: number; body: unknown; res: Response }> => {
  const res = await fetch(`${service.url}/api/videos${query}`);
  return { status: res.status, body: await res.json(), res };
};

beforeAll(async () => {
  service = await startContent(uniqueDb('videos'));
});

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await service.close();
});

describe('GET /api/videos', () => {
  test('when the service first starts, then every seed video is listed, newest first', async () => {
    const { status, body, res } = await list();

    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const videos = body as Video[];
    const newestFirst = [...seed].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map((v) => v.id);
    expect(videos.map((v) => v.id)).toEqual(newestFirst);
    expect(new Set(videos.map((v) => v.category))).toEqual(new Set(VIDEO_CATEGORIES));
  });

  test('when the list is read, then each seed video names its file, poster and captions, and no storage fields leak', async () => {
    const { body } = await list();
    const videos = body as Video[];

    expect(videos).toHaveLength(seed.length);
    for (const video of videos) {
      const { publishedAt: _, ...fromSeed } = seed.find((v) => v.id === video.id)!;
      expect(video).toEqual(fromSeed);
      expect(video.videoUrl).toBe(`/media/videos/${video.id}.mp4`);
      expect(video.captionsUrl).toBe(`/media/videos/${video.id}.vtt`);
    }
  });

  test.each(VIDEO_CATEGORIES)('when the category is %s, then only its videos are listed', async (category) => {
    const { status, body } = await list(`?category=${category}`);

    expect(status).toBe(200);
    const ids = (body as Video[]).map((v) => v.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set(seed.filter((v) => v.category === category).map((v) => v.id)));
  });

  test.each([
    ['?category=reiki', /^category: "reiki" is not a video category \(use one of ayurveda, /],
    ['?category=', /^category: "" is not a video category/],
    ['?category=naet&category=nutrition', /^category: \["naet","nutrition"\] is not a video category/],
    ['?sort=title', /^sort: is not allowed$/],
    ['?category[$ne]=naet', /is not allowed$/],
  ])('when the query is %s, then it is refused with 400 naming what is wrong', async (query, message) => {
    const { status, body } = await list(query);

    expect(status).toBe(400);
    expect((body as { message: string }).message).toMatch(message);
  });
});

describe('seeding', () => {
  test('when two replicas start at once on an empty database, then each seed video is stored once', async () => {
    const db = uniqueDb('seed-race');
    const replicas = await Promise.all([startContent(db), startContent(db)]);
    try {
      const videos = replicas[0]!.mongo.connection.db!.collection('videos');
      expect(await videos.countDocuments()).toBe(seed.length);
      expect(new Set((await videos.find().toArray()).map((v) => v.id)).size).toBe(seed.length);
    } finally {
      await replicas[0]!.mongo.connection.dropDatabase();
      await Promise.all(replicas.map((r) => r.close()));
    }
  }, 30_000);

  test('when a video of the earlier seed was never changed, then it is removed at start; one an ingest changed stays', async () => {
    const db = uniqueDb('seed-retired');
    const first = await startContent(db);
    const stored = first.mongo.connection.db!.collection('videos');
    const [untouched, changed] = RETIRED_SEED_VIDEOS.map(([id, publishedAt]) => ({ id, at: new Date(publishedAt) }));
    await stored.insertMany([
      {
        id: untouched!.id,
        title: 'Old',
        category: 'naet',
        youtubeId: 'nAeTexpl4n5',
        publishedAt: untouched!.at,
        updatedAt: untouched!.at,
      },
      { id: changed!.id, title: 'Kept', category: 'naet', publishedAt: changed!.at, updatedAt: new Date() },
    ]);
    await first.close();

    const second = await startContent(db);
    try {
      const ids = ((await (await fetch(`${second.url}/api/videos`)).json()) as Video[]).map((v) => v.id);
      expect(ids).not.toContain(untouched!.id);
      expect(ids).toContain(changed!.id);
      expect(ids).toEqual(expect.arrayContaining(seed.map((v) => v.id)));
    } finally {
      await second.mongo.connection.dropDatabase();
      await second.close();
    }
  }, 30_000);

  test('when the service restarts after an ingest changed a seed video, then the change is kept', async () => {
    const db = uniqueDb('seed-keep');
    const first = await startContent(db);
    const original = seed[0]!;
    const changed = { id: original.id, title: 'Retitled by the automation service', category: original.category };
    expect((await postSigned(`${first.url}/api/videos/ingest`, changed)).status).toBe(200);
    await first.close();

    const second = await startContent(db);
    try {
      const res = await fetch(`${second.url}/api/videos?category=${original.category}`);
      const video = ((await res.json()) as Video[]).find((v) => v.id === original.id);
      expect(video).toEqual({ ...changed, thumbnailUrl: PLACEHOLDER_THUMBNAIL_URL });
    } finally {
      await second.mongo.connection.dropDatabase();
      await second.close();
    }
  }, 30_000);
});
