import {
  formatDay,
  formatIsoDay,
  formatMoment,
  formatSession,
  formatTime,
  money,
  sessionWhen,
  zoneLabel,
} from '../../src/shared/payments/ui/time';

describe("a session's time is the practice's", () => {
  const at = '2026-12-08T14:00:00.000Z';

  test("when the practice is in New York, then the day and the time are New York's whatever the visitor's", () => {
    expect(formatDay(at, 'America/New_York')).toBe('Tuesday, December 8, 2026');
    expect(formatTime(at, 'America/New_York')).toBe('9:00 AM');
    expect(formatTime(at, 'Asia/Tokyo')).toBe('11:00 PM');
  });

  test('when a session crosses midnight in the zone, then the day is the zone’s', () => {
    expect(formatDay('2026-12-08T03:00:00.000Z', 'America/Los_Angeles')).toBe('Monday, December 7, 2026');
  });

  test('when the zone has a name people say, then it is given with its IANA name', () => {
    expect(zoneLabel('America/New_York', at)).toBe('Eastern Standard Time (America/New_York)');
    expect(zoneLabel('America/New_York', '2026-07-01T12:00:00.000Z')).toBe('Eastern Daylight Time (America/New_York)');
    expect(zoneLabel('UTC', at)).toBe('Coordinated Universal Time (UTC)');
  });

  test('when a session lasts 90 minutes, then its start and end are shown in the zone', () => {
    expect(formatSession(at, 90, 'America/New_York')).toBe('Tuesday, December 8, 2026, 9:00 AM – 10:30 AM');
  });

  test("when a booked session or a moment is said, then it names the practice's zone after the time", () => {
    const session = { scheduledAt: at, duration: '60', timeZone: 'America/New_York' };
    expect(sessionWhen(session)).toBe(
      'Tuesday, December 8, 2026, 9:00 AM – 10:00 AM, Eastern Standard Time (America/New_York)',
    );
    expect(formatMoment(at, 'America/New_York')).toBe(
      'Tuesday, December 8, 2026, 9:00 AM Eastern Standard Time (America/New_York)',
    );
  });

  test("when a price or a calendar day is shown, then it is the server's figure and the day itself", () => {
    expect(money('400.00')).toBe('$400.00');
    expect(formatIsoDay('2026-12-08')).toBe('Tuesday, December 8, 2026');
  });
});
