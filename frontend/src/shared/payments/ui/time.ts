// Times of sessions as the practice keeps them: in its IANA time zone, which every availability and session
// answer names, whatever the visitor's own clock says. Formatting only; nothing here computes a slot.

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and options: making one takes about a tenth of a millisecond, and the
 * booking calendar alone formats some forty days per render (issue 28: a tenth of /book's main-thread work).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function parts(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat('en-US', { timeZone, ...options }).format(new Date(iso));
}

/** "Tuesday, December 2, 2025" */
export function formatDay(iso: string, timeZone: string): string {
  return parts(iso, timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** "9:00 AM" */
export function formatTime(iso: string, timeZone: string): string {
  return parts(iso, timeZone, { hour: 'numeric', minute: '2-digit' });
}

/** The zone as people say it on that date, "Eastern Standard Time", with its IANA name when they differ. */
export function zoneLabel(timeZone: string, at: string | Date = new Date()): string {
  const named = dateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
    .formatToParts(typeof at === 'string' ? new Date(at) : at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return named && named !== timeZone ? `${named} (${timeZone})` : timeZone;
}

/** "Tuesday, December 2, 2025, 9:00 AM – 10:30 AM" in the practice's zone, for a session of that many minutes. */
export function formatSession(iso: string, durationMinutes: number, timeZone: string): string {
  const end = new Date(new Date(iso).getTime() + durationMinutes * 60_000).toISOString();
  return `${formatDay(iso, timeZone)}, ${formatTime(iso, timeZone)} – ${formatTime(end, timeZone)}`;
}

/** "Tuesday, December 8, 2026, 9:00 AM – 10:00 AM, Eastern Standard Time (America/New_York)": a session's time. */
export function sessionWhen(session: { scheduledAt: string; duration: string; timeZone: string }): string {
  const { scheduledAt, duration, timeZone } = session;
  return `${formatSession(scheduledAt, Number(duration), timeZone)}, ${zoneLabel(timeZone, scheduledAt)}`;
}

/** "Monday, December 7, 2026, 9:00 AM Eastern Standard Time (America/New_York)": a moment in the practice's zone. */
export function formatMoment(iso: string, timeZone: string): string {
  return `${formatDay(iso, timeZone)}, ${formatTime(iso, timeZone)} ${zoneLabel(timeZone, iso)}`;
}

/** The browser's own time zone; undefined when the browser does not say. */
export function visitorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** "$9.00" from the server's "9.00". */
export function money(price: string): string {
  return `$${price}`;
}

/** A day of the calendar ("2025-12-02", no time of day) as "Tuesday, December 2, 2025". */
export function formatIsoDay(day: string): string {
  return formatDay(`${day}T12:00:00Z`, 'UTC');
}
