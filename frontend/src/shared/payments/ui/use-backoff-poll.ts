import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * While `waiting`, calls `ask` again after a growing pause (pollDelay), each time once the previous answer is
 * in, and stops after POLL_ATTEMPTS: `exhausted` then says so, and `checkAgain` starts a new round.
 */
export function useBackoffPoll(waiting: boolean, ask: () => PromiseLike<unknown>) {
  const [attempt, setAttempt] = useState(0);
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  }, [ask]);

  useEffect(() => {
    if (!waiting || attempt >= POLL_ATTEMPTS) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const next = () => {
        if (!cancelled) setAttempt((n) => n + 1);
      };
      Promise.resolve(askRef.current()).then(next, next);
    }, pollDelay(attempt));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [waiting, attempt]);

  const checkAgain = useCallback(() => setAttempt(0), []);
  return { exhausted: waiting && attempt >= POLL_ATTEMPTS, checkAgain };
}

/** How long to wait before asking again: from 1 s, half as long again each time, at most 8 s. */
export function pollDelay(attempt: number): number {
  return Math.min(1000 * 1.5 ** attempt, 8000);
}

/** Asking stops after this many attempts (about a minute); the page then offers to check again. */
export const POLL_ATTEMPTS = 12;
