// The numbers' pure parts: the practice's today, week and month in its time zone (across a daylight-saving
// change and a year's end), the CSV's quoting and formula neutralising, and revenue summed by plan.
import { addressRecord, csvCell, CSV_HEADER } from '../../src/list/csv.js';
import { periodsAt } from '../../src/numbers/periods.js';
import { revenueByPlan } from '../../src/numbers/numbers.js';

describe("the practice's periods", () => {
  test('when it is already Saturday in UTC but still Friday in New York, then today is Friday and the week runs Monday to Sunday', () => {
    const p = periodsAt(new Date('2026-11-28T03:00:00Z'), 'America/New_York');
    expect(p.today).toBe('2026-11-27');
    expect(p.week).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(p.weekDays).toHaveLength(7);
    expect(p.month).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  test('when the week holds the autumn clock change, then its days are seven calendar days all the same', () => {
    const p = periodsAt(new Date('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(p.today).toBe('2026-11-01');
    expect(p.weekDays).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
  });

  test("when today is a Monday at the year's turn, then the week starts today and the month is January's", () => {
    const p = periodsAt(new Date('2029-01-01T15:00:00Z'), 'Europe/Berlin');
    expect(p.week).toEqual({ from: '2029-01-01', to: '2029-01-07' });
    expect(p.month).toEqual({ from: '2029-01-01', to: '2029-01-31' });
    expect(periodsAt(new Date('2028-02-10T12:00:00Z'), 'UTC').month.to).toBe('2028-02-29');
  });
});

describe('the CSV', () => {
  test('when a cell holds a comma, a quote or a line break, then it is quoted with its quotes doubled (RFC 4180)', () => {
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(CSV_HEADER).toBe('email,source,subscribed_at,confirmed_at,consent\r\n');
  });

  test('when a cell begins with = + - @ a tab or CR, then a leading apostrophe keeps a spreadsheet from running it', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // Inside a cell they are harmless.
    expect(csvCell('a=b')).toBe('a=b');
  });

  test('when an address is written, then its consent steps are one cell, oldest first', () => {
    expect(
      addressRecord({
        email: 'ada@example.com',
        source: 'hero',
        subscribedAt: '2026-11-01T10:00:00.000Z',
        confirmedAt: '2026-11-01T10:05:00.000Z',
        consent: [
          { action: 'signup', at: '2026-11-01T10:00:00.000Z', via: 'sign-up form (hero)' },
          { action: 'confirm', at: '2026-11-01T10:05:00.000Z', via: 'confirmation link' },
        ],
      }),
    ).toBe(
      'ada@example.com,hero,2026-11-01T10:00:00.000Z,2026-11-01T10:05:00.000Z,signup 2026-11-01T10:00:00.000Z via sign-up form (hero); confirm 2026-11-01T10:05:00.000Z via confirmation link\r\n',
    );
  });
});

describe('revenue by plan', () => {
  test('when payments and refunds are summed, then each plan has its paid, refunded and net, and other appears only when it has any', () => {
    const facts = [
      { day: '2026-11-23', plan: 'dr-helen' as const, cents: 40000 },
      { day: '2026-11-24', plan: 'ai-session' as const, cents: 900 },
      { day: '2026-11-24', plan: 'ai-session' as const, cents: -900 },
      { day: '2026-11-25', plan: 'subscription' as const, cents: 1900 },
    ];
    expect(revenueByPlan(facts)).toEqual({
      netCents: 41900,
      plans: [
        { plan: 'ai-session', netCents: 0, paidCents: 900, refundedCents: 900 },
        { plan: 'subscription', netCents: 1900, paidCents: 1900, refundedCents: 0 },
        { plan: 'dr-helen', netCents: 40000, paidCents: 40000, refundedCents: 0 },
      ],
    });
    expect(revenueByPlan([{ day: '2026-11-23', plan: 'other', cents: 500 }]).plans.map((p) => p.plan)).toContain(
      'other',
    );
    // A refund in the period of a payment made before it: the period's net is negative.
    expect(revenueByPlan([{ day: '2026-11-23', plan: 'dr-helen', cents: -40000 }]).netCents).toBe(-40000);
  });
});
