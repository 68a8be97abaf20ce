import { PLACEHOLDER_THUMBNAIL_URL, VIDEO_CATEGORIES } from '@hhp/proto';
import { readSeedVideos } from '../../src/videos/seed.js';
import { toVideo } from '../../src/videos/video.model.js';

const seed = readSeedVideos();

describe('the seed videos (data/videos.json)', () => {
  test('when the file is read, then it holds at least 12 valid videos with unique ids covering all six categories', () => {
    expect(seed.length).toBeGreaterThanOrEqual(12);
    expect(new Set(seed.map((v) => v.id)).size).toBe(seed.length);
    expect(new Set(seed.map((v) => v.category))).toEqual(new Set(VIDEO_CATEGORIES));
  });

  test('when the file is read, then it has YouTube videos, native videos, one with neither and some without a thumbnail', () => {
    expect(seed.some((v) => v.youtubeId)).toBe(true);
    expect(seed.some((v) => v.videoUrl && !v.youtubeId)).toBe(true);
    expect(seed.some((v) => !v.youtubeId && !v.videoUrl)).toBe(true);
    expect(seed.some((v) => !v.thumbnailUrl)).toBe(true);
  });
});

describe('toVideo', () => {
  test('when a stored video has no thumbnail, then the placeholder is used and storage fields are dropped', () => {
    const at = new Date();
    expect(toVideo({ id: 'v', title: 'T', category: 'naet', publishedAt: at, updatedAt: at, outbox: [] })).toEqual({
      id: 'v',
      title: 'T',
      category: 'naet',
      thumbnailUrl: PLACEHOLDER_THUMBNAIL_URL,
    });
  });
});
