import type { PLACEHOLDER_THUMBNAIL_URL, VIDEO_CATEGORIES, VideoCategory } from '@hhp/proto';

// The values are restated because proto's module also builds zod schemas, which would drag zod into the
// bundle; the `typeof` annotations make the compiler hold them to proto's list (in order) and path.
const CATEGORIES: typeof VIDEO_CATEGORIES = ['ayurveda', 'chiropractic', 'naet', 'nutrition', 'lifevessel', 'lifewave'];

export const PLACEHOLDER_THUMBNAIL: typeof PLACEHOLDER_THUMBNAIL_URL = '/video-placeholder.svg';

export type VideoFilter = 'all' | VideoCategory;

export const FILTERS: readonly VideoFilter[] = ['all', ...CATEGORIES];

export const CATEGORY_LABELS: Record<VideoCategory, string> = {
  ayurveda: 'Ayurveda',
  chiropractic: 'Chiropractic',
  naet: 'NAET',
  nutrition: 'Nutrition',
  lifevessel: 'LifeVessel',
  lifewave: 'LifeWave',
};
