import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { crisisRaised } from './crisis-slice';
import { CRISIS_ANSWER_WAIT_MS, looksLikeCrisis } from './local-check';

/**
 * A visitor in crisis is never left with only an error (or a spinner): when a message that reads as a
 * crisis (the browser's keyword check) gets no answer, because the call failed or is taking too long, the
 * crisis lines show where the answer would have been, and the page's crisis banner is raised and focused.
 *
 * `sent(query, crisisVerdict)` when a message goes, with the crisis service's verdict on it (useCrisisCheck's
 * onSubmitted); `answered()` when its answer arrives; `failed(query)` when the call failed, which says
 * whether the crisis lines took the error's place (if not, show the error as usual).
 */
export function useCrisisFallback() {
  const dispatch = useDispatch();
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(() => {
    setShown(true);
    dispatch(crisisRaised('unanswered'));
  }, [dispatch]);

  const sent = useCallback(
    (query: string, crisisVerdict: Promise<boolean | undefined>) => {
      clearTimeout(timer.current);
      setShown(false);
      if (!looksLikeCrisis(query)) return;
      const waiting = setTimeout(show, CRISIS_ANSWER_WAIT_MS);
      timer.current = waiting;
      // A keyword is not a crisis ("is turmeric harmful?"): once the crisis service says so, a slow answer
      // is only slow.
      void crisisVerdict.then((isCrisis) => {
        if (isCrisis === false) clearTimeout(waiting);
      });
    },
    [show],
  );

  const answered = useCallback(() => clearTimeout(timer.current), []);

  const failed = useCallback(
    (query: string): boolean => {
      clearTimeout(timer.current);
      if (!looksLikeCrisis(query)) return false;
      show();
      return true;
    },
    [show],
  );

  return { shown, sent, answered, failed };
}
