import { VIDEO_CATEGORIES } from '@hhp/proto';
import { CONDITION_NAMES, CONDITION_SLUGS } from '@hhp/proto/catalogue/condition-names';
import { CATEGORY_LABELS, FILTERS, PLACEHOLDER_THUMBNAIL } from '../../src/features/videos/categories';
import { ACTION_LINKS, CONDITION_LINKS, MAIN_LINKS } from '../../src/features/navigation/nav-items';
import { durationMinutes, priceLabel } from '../../src/shared/config/prices';

// What the pages show from proto's catalogue without importing its zod schemas: the video filters, the
// navigation's links, the plans' prices in prose.

describe("the video library's filters", () => {
  test("when the filters are listed, then All comes first and then proto's categories in proto's order", () => {
    expect(FILTERS).toEqual(['all', ...VIDEO_CATEGORIES]);
  });

  test('when a category is shown, then it has its own label (NAET and the brand names as they are written)', () => {
    expect(Object.keys(CATEGORY_LABELS)).toEqual([...VIDEO_CATEGORIES]);
    expect(CATEGORY_LABELS).toMatchObject({ naet: 'NAET', lifevessel: 'LifeVessel', lifewave: 'LifeWave' });
    expect(new Set(Object.values(CATEGORY_LABELS)).size).toBe(VIDEO_CATEGORIES.length);
    expect(PLACEHOLDER_THUMBNAIL).toBe('/video-placeholder.svg');
  });
});

describe('the navigation', () => {
  test('when the main links are listed, then Home matches only itself and the others their sections', () => {
    expect(MAIN_LINKS).toEqual([
      { to: '/', label: 'Home', end: true },
      { to: '/symptoms', label: 'Symptoms' },
      { to: '/treatments', label: 'Treatments' },
      { to: '/videos', label: 'Videos' },
    ]);
  });

  test("when the conditions are listed, then every condition of proto's catalogue links to its page by name", () => {
    expect(CONDITION_LINKS).toEqual(
      CONDITION_SLUGS.map((slug) => ({ to: `/conditions/${slug}`, label: CONDITION_NAMES[slug] })),
    );
  });

  test("when the actions are shown, then Subscribe says the subscription's monthly price", () => {
    expect(ACTION_LINKS).toEqual({
      book: { to: '/book', label: 'Book Session' },
      subscribe: { to: '/subscribe', label: 'Subscribe $19/mo' },
    });
  });
});

describe("the plans' prices in prose", () => {
  test('when a price has no cents, then it is written in whole dollars', () => {
    expect(priceLabel('ai-session')).toBe('$9');
    expect(priceLabel('subscription')).toBe('$19');
    expect(priceLabel('dr-helen')).toBe('$400');
  });

  test("when a plan's length is asked, then it is proto's minutes", () => {
    expect(durationMinutes('ai-session')).toBe(60);
    expect(durationMinutes('dr-helen')).toBe(90);
  });
});
