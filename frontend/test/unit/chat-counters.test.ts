import { countersOf } from '../../src/features/chat/hooks/use-chat';

// The chat's counters (features/chat/hooks/use-chat.ts, useCounters): the cached /api/quota as the header shows it.

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe("the chat's counters", () => {
  test('when some free questions are used, then the rest are left', () => {
    expect(countersOf({ queriesUsed: 1, queriesAllowed: 3, isSubscriber: false }, NOW)).toEqual({
      queriesUsed: 1,
      queriesAllowed: 3,
      isSubscriber: false,
      left: 2,
    });
  });

  test('when more are counted than allowed, then none are left, never fewer', () => {
    expect(countersOf({ queriesUsed: 5, queriesAllowed: 3, isSubscriber: false }, NOW).left).toBe(0);
  });

  test("when the answer carries no allowance, then the day's free questions are the allowance", () => {
    expect(countersOf({ queriesUsed: 1, queriesAllowed: 0, isSubscriber: false }, NOW)).toMatchObject({
      queriesAllowed: 3,
      left: 2,
    });
  });

  test('when a session pass holds, then its minutes left are shown, rounded up, and none once it ended', () => {
    const quota = (endsAt: string) => ({
      queriesUsed: 0,
      queriesAllowed: 3,
      isSubscriber: false,
      sessionPass: { endsAt },
    });
    expect(countersOf(quota('2026-03-10T12:59:00Z'), NOW).minutesLeft).toBe(59);
    expect(countersOf(quota('2026-03-10T12:00:01Z'), NOW).minutesLeft).toBe(1);
    expect(countersOf(quota('2026-03-10T11:59:00Z'), NOW).minutesLeft).toBe(0);
    expect(countersOf({ queriesUsed: 0, queriesAllowed: 3, isSubscriber: false }, NOW)).not.toHaveProperty(
      'minutesLeft',
    );
  });
});
