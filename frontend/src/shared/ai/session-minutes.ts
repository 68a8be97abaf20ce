// The minutes left of an AI Avatar Session, as the chat header and the join page show them.

/** Whole minutes from `now` to `endsAt`, rounded up (a session in its last seconds has 1 minute left). */
export const minutesUntil = (endsAt: string, now: number): number =>
  Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 60_000));

/** How often the minutes left are worked out again. */
export const MINUTE_TICK_MS = 15_000;
