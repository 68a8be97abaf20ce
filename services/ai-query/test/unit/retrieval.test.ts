import { Library, terms } from '../../src/retrieval.js';
import { offlineAnswer } from '../../src/persona.js';

describe('the library the answers are grounded in', () => {
  const library = new Library();

  test.each([
    ['I keep waking up at 3am and cannot sleep', '/conditions/insomnia'],
    ['Terrible heartburn after dinner', '/conditions/acid-reflux'],
    ['My skin is itchy and red', '/conditions/rashes'],
    ['I feel anxious and constipated', '/conditions/constipation-anxiety'],
    ['Always tired, no energy, feeling low', '/conditions/lethargy-depression'],
    ['I snap at people, so irritable lately', '/conditions/irritability'],
    ['What is NAET and can it help allergies?', '/treatments#naet'],
  ])('when asked %j, then the best page is %s', (query, path) => {
    expect(library.search(query)[0]?.passage.path).toBe(path);
  });

  test.each([
    ['I have trouble sleeping, what can help?', ['/conditions/insomnia']],
    ['I am tired and sad every day', ['/conditions/lethargy-depression']],
  ])('when asked %j, then only the pages about it are sources', (query, paths) => {
    expect(library.search(query).map(({ passage }) => passage.path)).toEqual(paths);
  });

  test('when two pages fit the question about as well, then both are sources, the better first', () => {
    expect(library.search('I keep eating when stressed').map(({ passage }) => passage.path)).toEqual([
      '/conditions/nervous-overeating',
      '/conditions/constipation-anxiety',
    ]);
  });

  test('when nothing in the library matches, then there are no sources', () => {
    expect(library.search('What is the capital of France?')).toEqual([]);
  });

  test('when words differ only by ending, then they meet', () => {
    expect(terms('anxious anxiety')).toEqual(['anxi', 'anxi']);
  });

  test('when the offline engine answers, then it says where the answer comes from and keeps the disclaimer', () => {
    const text = offlineAnswer('Dr. Helen', library.search('insomnia'));
    expect(text).toContain("Dr. Helen's AI, answering from the portal's own library");
    expect(text).toContain('Insomnia');
    expect(text).toContain('Please consult your medical doctor for health concerns.');
  });
});
