// The numbers' periods on the practice's calendar (pure: "now" and the zone passed in): today, its week (Monday to
// Sunday) and its month, as calendar dates ("2026-11-27") in the practice's time zone, so a count "today" means the
// practitioner's today whatever the server's zone, and a daylight-saving change moves no day.
export interface Periods {
  today: string;
  /** Monday to Sunday around today. */
  week: { from: string; to: string };
  /** The seven days of the week, Monday first. */
  weekDays: string[];
  month: { from: string; to: string };
  /** "2026-11" */
  monthKey: string;
}

const DAY_MS = 86_400_000;

/** The practice's calendar date at an instant. */
export function calendarDate(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** Plain date arithmetic on UTC midnights: no zone or daylight-saving change moves it. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function periodsAt(now: Date, timeZone: string): Periods {
  const today = calendarDate(now, timeZone);
  // Sunday 0 … Saturday 6 of the date itself; Monday starts the week.
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  const weekDays = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthKey = today.slice(0, 7);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    today,
    week: { from: monday, to: weekDays[6]! },
    weekDays,
    month: { from: `${monthKey}-01`, to: `${monthKey}-${String(lastDay).padStart(2, '0')}` },
    monthKey,
  };
}
