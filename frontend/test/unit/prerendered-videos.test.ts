import { prerenderedList } from '../../src/features/videos/prerendered';

// The video library's first grid (features/videos/prerendered.ts): the list the build wrote into the document.

const VIDEO = {
  id: 'v1',
  title: 'Ayurveda for sleep',
  category: 'ayurveda',
  youtubeId: 'abcdefghijk',
  thumbnailUrl: '/video-placeholder.svg',
};

describe('the prerendered video list', () => {
  test('when the build wrote a list, then the grid starts from it', () => {
    expect(prerenderedList(JSON.stringify([VIDEO]))).toEqual([VIDEO]);
    expect(prerenderedList('[]')).toEqual([]);
  });

  test('when there is no list, or what is there is not a list, then there is none and the grid waits for the live answer', () => {
    expect(prerenderedList(undefined)).toBeUndefined();
    expect(prerenderedList(null)).toBeUndefined();
    expect(prerenderedList('')).toBeUndefined();
    expect(prerenderedList('{"videos": []}')).toBeUndefined();
    expect(prerenderedList('[{"id": "v1"')).toBeUndefined();
  });
});
