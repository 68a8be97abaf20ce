import { pathsOf } from '../../src/app/known-paths';

const lazyScreen = async () => ({});

describe('the paths the build gives a file of their own', () => {
  const table = [
    {
      path: '/',
      children: [
        { index: true, lazy: lazyScreen },
        { path: 'symptoms', lazy: lazyScreen },
        { path: 'book-session', lazy: lazyScreen },
        { path: 'conditions/:slug', lazy: lazyScreen },
        { path: '*', lazy: lazyScreen },
      ],
    },
  ];

  test('when the table has pages, a parameter route and a catch-all, then each page and each value is listed, and nothing for the catch-all', () => {
    expect(pathsOf(table, { 'conditions/:slug': ['insomnia', 'rashes'] })).toEqual([
      '/',
      '/symptoms',
      '/book-session',
      '/conditions/insomnia',
      '/conditions/rashes',
    ]);
  });

  test('when a parameter route has no listed values, then it is an error, not a silent 404', () => {
    expect(() => pathsOf(table, {})).toThrow('/conditions/:slug');
  });
});
