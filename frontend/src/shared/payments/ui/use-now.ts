import { useEffect, useState } from 'react';

/**
 * The time now, read again every `everyMs` while `running`, so that a sentence about a deadline (a hold's
 * remaining minutes, its lapse) changes when the deadline passes, without a reload.
 */
export function useNow(running: boolean, everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [running, everyMs]);
  return now;
}
