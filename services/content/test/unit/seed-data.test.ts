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

  test('when the file is read, then every video is a file of the portal with its poster and captions, and none has an invented YouTube id', () => {
    for (const video of seed) {
      expect(video).toMatchObject({
        videoUrl: `/media/videos/${video.id}.mp4`,
        thumbnailUrl: `/media/videos/${video.id}.jpg`,
        captionsUrl: `/media/videos/${video.id}.vtt`,
        duration: expect.stringMatching(/^\d+:\d{2}$/),
      });
      expect(video.youtubeId).toBeUndefined();
    }
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
