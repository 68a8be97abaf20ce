// A day's slots as wall-clock times (zod-free, so the console's screen can check a week before it is sent with
// the same rule the server applies: proto's practice-availability.ts).

/** "09:30" → 570 */
export const minutesOfDay = (time: string): number => {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return hh * 60 + mm;
};

/** Why the day's slots of `durationMinutes` starting at `times` do not fit a day: they overlap, or one runs past midnight. */
export function slotOverlap(times: readonly string[], durationMinutes: number): string | undefined {
  const sorted = [...times].sort();
  for (let i = 0; i < sorted.length; i++) {
    const end = minutesOfDay(sorted[i]!) + durationMinutes;
    if (end > 24 * 60) return `the slot at ${sorted[i]} would end after midnight`;
    const next = sorted[i + 1];
    if (next !== undefined && end > minutesOfDay(next))
      return `the slots at ${sorted[i]} and ${next} overlap (each is ${durationMinutes} minutes)`;
  }
  return undefined;
}
