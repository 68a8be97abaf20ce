import { portalPages } from '../../src/answers/pages.js';

// The practice changes its week, days off and extra days in its console (issue 30, point 3): the library must not
// tell a visitor a weekday or an hour that may no longer hold, and sends her to /book, which shows the days open.
describe('the sessions page in the library', () => {
  const sessions = portalPages().find((page) => page.path === '/book')!;
  const text = sessions.lines.map((line) => line.text).join('\n');

  test('when the library indexes the sessions page, then it names no fixed weekday or time of day', () => {
    expect(text).not.toMatch(/monday|tuesday|wednesday|thursday|friday|saturday|sunday/i);
    expect(text).not.toMatch(/\b\d\d:\d\d\b/);
  });

  test('when the library indexes the sessions page, then it says the hours come from the practice and /book shows the days open', () => {
    expect(text).toContain('The usual days and hours come from the practice');
    expect(text).toContain('the Book Session page (/book) shows the days open');
  });
});
